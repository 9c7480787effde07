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
import { useEffect, useEffectEvent } from 'react';
import { useForm } from 'react-hook-form';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { schemaResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session';
import { useCreateUser } from '../api/create-user';
import { type UserFieldValues, UserFormDialog } from './user-fields';

type FormValues = UserFieldValues & { password: string; confirmPassword: string };

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
/** The new account's password, typed twice. */
const PASSWORD_FIELDS = [
  ['password', 'Password'],
  ['confirmPassword', 'Confirm Password'],
] as const;
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
  const form = useForm<FormValues, unknown, CreateUserFormInput>({
    resolver: schemaResolver(createUserFormSchema),
    defaultValues: emptyForm(editor),
  });
  const { register, reset, formState } = form;
  const { errors } = formState;

  // Emptied as it opens, for the editor as they are then. Not again while it is open: the session's
  // user is read again now and then (the socket's first connection, a change of rights), and a
  // new copy of the same user emptied what was being typed.
  const empty = useEffectEvent(() => reset(emptyForm(editor)));
  useEffect(() => {
    if (open) empty();
  }, [open]);

  const described = (field: 'password' | 'confirmPassword') =>
    controlProps(`add-user-${field}`, errors[field] !== undefined);

  return (
    <UserFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add User"
      description="Create an account and choose what it may do."
      idPrefix="add-user"
      form={form}
      serverFields={FIELDS}
      save={({ confirmPassword: _, ...input }) => create.mutateAsync(input)}
      savedTitle="User Added"
      submitLabel="Add User"
      submittingLabel="Adding..."
    >
      {PASSWORD_FIELDS.map(([field, label]) => (
        <FormField
          key={field}
          id={`add-user-${field}`}
          label={label}
          error={errors[field]?.message}
        >
          <Input
            type="password"
            autoComplete="new-password"
            {...described(field)}
            {...register(field)}
          />
        </FormField>
      ))}
    </UserFormDialog>
  );
}
