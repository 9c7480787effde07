import {
  assignableRoles,
  grantableFlags,
  ownLocation,
  type Permissions,
  type SessionUser,
  type UpdateUserInput,
  updateUserSchema,
} from '@stockyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useUpdateUser } from '../api/update-user';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleLocationFields } from './role-location-fields';

type FormValues = {
  name: string;
  email: string;
  role: string;
  locationId: string;
  status: boolean;
  permissions: Permissions;
};

const FIELDS = ['name', 'email', 'role', 'locationId', 'status', 'permissions'] as const;

function toFormValues(user: SessionUser | null): FormValues | undefined {
  if (!user) return undefined;
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    locationId: user.locationId === null ? '' : String(user.locationId),
    status: user.status,
    permissions: user.permissions,
  };
}

/** The same rules as Add User without the passwords, plus the status. */
export function EditUserDialog({
  user,
  onOpenChange,
}: {
  user: SessionUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateUser();
  const editor = useSession()?.user;
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<
    FormValues,
    unknown,
    UpdateUserInput
  >({ resolver: schemaResolver(updateUserSchema), defaultValues: toFormValues(user) });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (user) reset(toFormValues(user));
  }, [user, reset]);

  const onSubmit = handleSubmit(async (input) => {
    if (!user) return;
    try {
      await update.mutateAsync({ id: user.id, input });
      notifyToast.success('User Updated');
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const described = (field: keyof FormValues) =>
    controlProps(`edit-user-${field}`, errors[field] !== undefined);

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit User"
        description="Change the account's details, status and permissions."
        className="max-w-2xl"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="edit-user-name" label="Name" error={errors.name?.message}>
              <Input autoComplete="off" {...described('name')} {...register('name')} />
            </FormField>
            <FormField id="edit-user-email" label="Email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="off"
                {...described('email')}
                {...register('email')}
              />
            </FormField>
            <RoleLocationFields
              idPrefix="edit-user"
              role={register('role')}
              location={register('locationId')}
              roleError={errors.role?.message}
              locationError={errors.locationId?.message}
              current={
                user?.locationId && user.location
                  ? { id: user.locationId, name: user.location.name }
                  : null
              }
              roles={editor ? assignableRoles(editor) : []}
              onlyLocation={editor ? ownLocation(editor) : null}
            />
            <FormField id="edit-user-status" label="Status" error={errors.status?.message}>
              <Select
                {...described('status')}
                {...register('status', {
                  setValueAs: (value) => value === true || value === 'true',
                })}
              >
                <option value="true">Active</option>
                <option value="false">In Active</option>
              </Select>
            </FormField>
          </div>
          <PermissionCheckboxes
            idPrefix="edit-user"
            field={(flag) => register(`permissions.${flag}`)}
            isAdmin={watch('role') === 'ADMIN'}
            flags={editor ? grantableFlags(editor) : []}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Update User'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
