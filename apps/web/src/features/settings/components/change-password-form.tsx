import {
  type ChangePasswordFormInput,
  changePasswordFormSchema,
  SETTINGS_TOASTS,
} from '@stockyard/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useChangePassword } from '../api/settings-api';
import { settingsFailed, settingsSaved } from './settings-toast';

type FormValues = { currentPassword: string; newPassword: string; confirmPassword: string };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const LABELS: Record<keyof FormValues, string> = {
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
};
const AUTOCOMPLETE: Record<keyof FormValues, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** Current, new and confirm (03 section 5); your other sessions end, this one stays. */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const change = useChangePassword(userId);
  const { register, handleSubmit, reset, setError, formState } = useForm<
    FormValues,
    unknown,
    ChangePasswordFormInput
  >({ resolver: schemaResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      settingsSaved(SETTINGS_TOASTS.passwordChanged);
      reset(EMPTY);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      settingsFailed(error, SETTINGS_TOASTS.passwordFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <h3 className="font-medium">Change Password</h3>
      {FIELDS.map((name) => (
        <FormField
          key={name}
          id={`password-${name}`}
          label={LABELS[name]}
          error={errors[name]?.message}
        >
          <Input
            type="password"
            autoComplete={AUTOCOMPLETE[name]}
            {...controlProps(`password-${name}`, errors[name] !== undefined)}
            {...register(name)}
          />
        </FormField>
      ))}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
