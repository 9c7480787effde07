import { INVOICE_MESSAGES } from '@stockyard/shared';
import { useEffect } from 'react';
import { Select } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';
import { notifyToast } from '@/lib/toast';

/** The invoice list's location filter: All Locations (id 0) first, then every location. */
export function InvoiceLocationFilter({
  value,
  onChange,
  className,
}: {
  /** A location id, or '' for All Locations. */
  value: string;
  onChange: (locationId: string) => void;
  className?: string;
}) {
  const locations = useLocationOptions('all');
  useEffect(() => {
    if (locations.isError) {
      notifyToast.error(INVOICE_MESSAGES.locationFilterLoad, { id: 'invoice-location-filter' });
    }
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
