import { LOCATION_FILTER_LOAD_FAILED } from '@stockyard/shared';
import { useEffect } from 'react';
import { Select } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';
import { notifyToast } from '@/lib/toast';

/**
 * The "All Locations" select above a list: All Locations first (id 0, 02 section 2.1), then every
 * location, active or not, by name. Its value is a location id, or '' for All Locations. A failed
 * load says so in a toast, once.
 */
export function LocationFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (locationId: string) => void;
  className?: string;
}) {
  const locations = useLocationOptions('all');
  useEffect(() => {
    if (locations.isError)
      notifyToast.error(LOCATION_FILTER_LOAD_FAILED, { id: 'location-filter' });
  }, [locations.isError]);
  return (
    <Select
      aria-label="Filter by location"
      className={className}
      value={value || '0'}
      onChange={(event) => onChange(event.target.value === '0' ? '' : event.target.value)}
    >
      <option value="0">All Locations</option>
      {(locations.data ?? []).map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </Select>
  );
}
