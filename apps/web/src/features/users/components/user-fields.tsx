import { assignableRoles, grantableFlags, ownLocation, type Permissions } from '@stockyard/shared';
import type { ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSession } from '@/lib/session';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleLocationFields } from './role-location-fields';

/** The values both user forms hold; each adds its own (the passwords, the status). */
type UserFieldValues = {
  name: string;
  email: string;
  role: string;
  locationId: string;
  permissions: Permissions;
};

/**
 * The fields of the Add and Edit User forms (inside their FormProvider), as the editor may fill
 * them: a field manager gives Field Manager only, at their location, with the flags they hold.
 * `children` are the form's own fields, after the Location.
 */
export function UserFields({
  idPrefix,
  current = null,
  children,
}: {
  idPrefix: 'add-user' | 'edit-user';
  /** The user's location, offered even when it is no longer active. */
  current?: { id: number; name: string } | null;
  children: ReactNode;
}) {
  const { register } = useFormContext<UserFieldValues>();
  const { errors } = useFormState<UserFieldValues>();
  const role = useWatch<UserFieldValues, 'role'>({ name: 'role' });
  const editor = useSession()?.user;
  const described = (field: 'name' | 'email') =>
    controlProps(`${idPrefix}-${field}`, errors[field] !== undefined);

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-name`} label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...described('name')} {...register('name')} />
        </FormField>
        <FormField id={`${idPrefix}-email`} label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...described('email')} {...register('email')} />
        </FormField>
        <RoleLocationFields
          idPrefix={idPrefix}
          role={register('role')}
          location={register('locationId')}
          roleError={errors.role?.message}
          locationError={errors.locationId?.message}
          current={current}
          roles={editor ? assignableRoles(editor) : []}
          onlyLocation={editor ? ownLocation(editor) : null}
        />
        {children}
      </div>
      <PermissionCheckboxes
        idPrefix={idPrefix}
        field={(flag) => register(`permissions.${flag}`)}
        isAdmin={role === 'ADMIN'}
        flags={editor ? grantableFlags(editor) : []}
      />
    </>
  );
}
