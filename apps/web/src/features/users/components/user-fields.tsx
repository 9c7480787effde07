import { assignableRoles, grantableFlags, ownLocation, type Permissions } from '@stockyard/shared';
import type { ReactNode } from 'react';
import {
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleLocationFields } from './role-location-fields';

/** The values both user forms hold; each adds its own (the passwords, the status). */
export type UserFieldValues = {
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
function UserFields({
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

/**
 * The Add and Edit User dialogs: the user's fields, the form's own `children` after the Location,
 * and Cancel and the submit button. Saved, a toast says so and the dialog closes; a refusal's
 * field messages land under their fields and the form stays (the client's toast carries the
 * server's message, a taken email's 409 among them).
 */
export function UserFormDialog<Values extends UserFieldValues, Output extends FieldValues>({
  open,
  onOpenChange,
  title,
  description,
  idPrefix,
  current,
  form,
  serverFields,
  save,
  savedTitle,
  submitLabel,
  submittingLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  idPrefix: 'add-user' | 'edit-user';
  current?: { id: number; name: string } | null;
  form: UseFormReturn<Values, unknown, Output>;
  /** The fields a refusal's messages may name. */
  serverFields: readonly string[];
  save: (input: Output) => Promise<unknown>;
  savedTitle: string;
  submitLabel: string;
  /** The submit button's words while it is saved. */
  submittingLabel: string;
  children: ReactNode;
}) {
  const { handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (input) => {
    try {
      await save(input);
      notifyToast.success(savedTitle);
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, serverFields);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} className="max-w-2xl">
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <UserFields idPrefix={idPrefix} current={current}>
              {children}
            </UserFields>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? submittingLabel : submitLabel}
              </Button>
            </div>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
