import { type SessionUser, type UpdateUserInput, updateUserSchema } from '@stockyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { schemaResolver } from '@/lib/form-resolver';
import { useUpdateUser } from '../api/update-user';
import { type UserFieldValues, UserFormDialog } from './user-fields';

type FormValues = UserFieldValues & { status: boolean };

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
  const form = useForm<FormValues, unknown, UpdateUserInput>({
    resolver: schemaResolver(updateUserSchema),
    defaultValues: toFormValues(user),
  });
  const { register, reset, formState } = form;
  const { errors } = formState;

  useEffect(() => {
    if (user) reset(toFormValues(user));
  }, [user, reset]);

  return (
    <UserFormDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Edit User"
      description="Change the account's details, status and permissions."
      idPrefix="edit-user"
      current={
        user?.locationId && user.location ? { id: user.locationId, name: user.location.name } : null
      }
      form={form}
      serverFields={FIELDS}
      save={async (input) => {
        if (user) await update.mutateAsync({ id: user.id, input });
      }}
      savedTitle="User Updated"
      submitLabel="Update User"
      submittingLabel="Saving..."
    >
      <FormField id="edit-user-status" label="Status" error={errors.status?.message}>
        <Select
          {...controlProps('edit-user-status', errors.status !== undefined)}
          {...register('status', {
            setValueAs: (value) => value === true || value === 'true',
          })}
        >
          <option value="true">Active</option>
          <option value="false">In Active</option>
        </Select>
      </FormField>
    </UserFormDialog>
  );
}
