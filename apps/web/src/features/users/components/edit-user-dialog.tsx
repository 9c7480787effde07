import {
  type Permissions,
  type SessionUser,
  type UpdateUserInput,
  updateUserSchema,
} from '@stockyard/shared';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { notifyToast } from '@/lib/toast';
import { useUpdateUser } from '../api/update-user';
import { UserFields } from './user-fields';

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
  const form = useForm<FormValues, unknown, UpdateUserInput>({
    resolver: schemaResolver(updateUserSchema),
    defaultValues: toFormValues(user),
  });
  const { register, handleSubmit, reset, setError, formState } = form;
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

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit User"
        description="Change the account's details, status and permissions."
        className="max-w-2xl"
      >
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <UserFields
              idPrefix="edit-user"
              current={
                user?.locationId && user.location
                  ? { id: user.locationId, name: user.location.name }
                  : null
              }
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
            </UserFields>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Update User'}
              </Button>
            </div>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
