import {
  assignableRoles,
  type CreateUserFormInput,
  createUserFormSchema,
  DEFAULT_PERMISSIONS,
  grantableFlags,
  ownLocation,
  PERMISSION_FLAGS,
  type Permissions,
  type SessionUser,
} from '@stockyard/shared';
import { useEffect, useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useCreateUser } from '../api/create-user';
import { UserFields } from './user-fields';

type FormValues = {
  name: string;
  email: string;
  role: string;
  locationId: string;
  password: string;
  confirmPassword: string;
  permissions: Permissions;
};

/**
 * An empty form as the editor may fill it: a field manager's newcomer is a Field Manager at their
 * location, with none of the default flags the field manager does not hold themselves.
 */
function emptyForm(editor: SessionUser | undefined): FormValues {
  const roles = editor ? assignableRoles(editor) : [];
  const scope = editor ? ownLocation(editor) : null;
  const grantable = editor ? grantableFlags(editor) : PERMISSION_FLAGS;
  const permissions = Object.fromEntries(
    PERMISSION_FLAGS.map((flag) => [flag, DEFAULT_PERMISSIONS[flag] && grantable.includes(flag)]),
  ) as Permissions;
  return {
    name: '',
    email: '',
    role: roles.length === 1 ? roles[0]! : '',
    locationId: scope ? String(scope) : '',
    password: '',
    confirmPassword: '',
    permissions,
  };
}
const FIELDS = ['name', 'email', 'role', 'locationId', 'password', 'permissions'] as const;

export function AddUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateUser();
  const editor = useSession()?.user;
  const empty = useMemo(() => emptyForm(editor), [editor]);
  const form = useForm<FormValues, unknown, CreateUserFormInput>({
    resolver: schemaResolver(createUserFormSchema),
    defaultValues: empty,
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(empty);
  }, [open, empty, reset]);

  const onSubmit = handleSubmit(async ({ confirmPassword: _, ...input }) => {
    try {
      await create.mutateAsync(input);
      notifyToast.success('User Added');
      onOpenChange(false);
    } catch (error) {
      // The client's toast carries the server's message (a taken email is a 409); the form stays.
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const described = (field: 'password' | 'confirmPassword') =>
    controlProps(`add-user-${field}`, errors[field] !== undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Add User"
        description="Create an account and choose what it may do."
        className="max-w-2xl"
      >
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <UserFields idPrefix="add-user">
              <FormField id="add-user-password" label="Password" error={errors.password?.message}>
                <Input
                  type="password"
                  autoComplete="new-password"
                  {...described('password')}
                  {...register('password')}
                />
              </FormField>
              <FormField
                id="add-user-confirmPassword"
                label="Confirm Password"
                error={errors.confirmPassword?.message}
              >
                <Input
                  type="password"
                  autoComplete="new-password"
                  {...described('confirmPassword')}
                  {...register('confirmPassword')}
                />
              </FormField>
            </UserFields>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Adding...' : 'Add User'}
              </Button>
            </div>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
