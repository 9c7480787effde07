import { ROLE_LABELS, ROLES, type Role } from '@stockyard/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LocationSelect } from '@/components/location-select';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';

/** The Role and Location selects of the Add and Edit User forms. */
export function RoleLocationFields({
  idPrefix,
  role,
  location,
  roleError,
  locationError,
  current,
  roles = ROLES,
  onlyLocation = null,
}: {
  idPrefix: string;
  role: UseFormRegisterReturn;
  location: UseFormRegisterReturn;
  roleError?: string;
  locationError?: string;
  /** The user's location, offered even when it is no longer active. */
  current?: { id: number; name: string } | null;
  /** The roles the editor may give (a field manager: Field Manager only). */
  roles?: readonly Role[];
  /** The one location the editor may choose (a field manager's own), or null for any. */
  onlyLocation?: number | null;
}) {
  const locations = useLocationOptions('active');
  const options = (locations.data ?? []).filter(
    (option) => onlyLocation === null || option.id === onlyLocation,
  );
  const missingCurrent = current && !options.some((option) => option.id === current.id);
  return (
    <>
      <FormField id={`${idPrefix}-role`} label="Role" error={roleError}>
        <Select {...controlProps(`${idPrefix}-role`, Boolean(roleError))} {...role}>
          <option value="">Select role</option>
          {roles.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={`${idPrefix}-location`} label="Location" error={locationError}>
        <LocationSelect
          {...controlProps(`${idPrefix}-location`, Boolean(locationError))}
          {...location}
          id={`${idPrefix}-location`}
          state={locations}
          options={options}
          placeholder="Select location"
          before={missingCurrent ? <option value={current.id}>{current.name}</option> : null}
        />
      </FormField>
    </>
  );
}
