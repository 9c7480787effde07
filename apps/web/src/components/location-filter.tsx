import { Select } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';

/** The "All Locations" select above a list: every location, active or not, by name. */
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
  return (
    <Select
      aria-label="Filter by location"
      className={className}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">All Locations</option>
      {(locations.data ?? []).map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </Select>
  );
}
