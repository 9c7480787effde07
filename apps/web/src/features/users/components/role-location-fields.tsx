import { ROLE_LABELS, ROLES, type Role } from '@stockyard/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
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
        {/* Mounted once the options are there, so the form's value lands on an existing option. */}
        {locations.isPending ? (
          <Select id={`${idPrefix}-location`} disabled>
            <option>Loading locations...</option>
          </Select>
        ) : (
          <Select {...controlProps(`${idPrefix}-location`, Boolean(locationError))} {...location}>
            <option value="">
              {locations.isError ? 'Failed to load locations' : 'Select location'}
            </option>
            {missingCurrent ? <option value={current.id}>{current.name}</option> : null}
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </>
  );
}
