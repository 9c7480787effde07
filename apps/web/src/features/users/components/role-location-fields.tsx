import { ROLE_LABELS, ROLES } from '@stockyard/shared';
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
}: {
  idPrefix: string;
  role: UseFormRegisterReturn;
  location: UseFormRegisterReturn;
  roleError?: string;
  locationError?: string;
  /** The user's location, offered even when it is no longer active. */
  current?: { id: number; name: string } | null;
}) {
  const locations = useLocationOptions('active');
  const options = locations.data ?? [];
  const missingCurrent = current && !options.some((option) => option.id === current.id);
  return (
    <>
      <FormField id={`${idPrefix}-role`} label="Role" error={roleError}>
        <Select {...controlProps(`${idPrefix}-role`, Boolean(roleError))} {...role}>
          <option value="">Select role</option>
          {ROLES.map((value) => (
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
