import { type CompanyProfileInput, companyProfileSchema, SETTINGS_TOASTS } from '@stockyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useCompanyProfile } from '@/hooks/use-company-profile';
import { applyServerErrors } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useUpdateCompanyProfile } from '../api/settings-api';
import { settingsFailed, settingsSaved } from './settings-toast';

type FormValues = CompanyProfileInput;
const FIELDS = ['companyName', 'email', 'phone', 'address'] as const;
const EMPTY: FormValues = { companyName: '', email: '', phone: '', address: '' };

/** The one company profile: an admin saves it, a field manager reads it. */
export function ProfileSettings({ editable }: { editable: boolean }) {
  const profile = useCompanyProfile();
  const update = useUpdateCompanyProfile();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    FormValues,
    unknown,
    CompanyProfileInput
  >({ resolver: schemaResolver(companyProfileSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (profile.data) {
      const { companyName, email, phone, address } = profile.data;
      reset({ companyName, email, phone, address });
    }
  }, [profile.data, reset]);
  useEffect(() => {
    if (profile.isError) settingsFailed(profile.error, SETTINGS_TOASTS.profileLoadFailed);
  }, [profile.isError, profile.error]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      settingsSaved(SETTINGS_TOASTS.profileSaved);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      settingsFailed(error, SETTINGS_TOASTS.profileFailed);
    }
  });

  const field = (name: keyof FormValues) => ({
    ...controlProps(`profile-${name}`, errors[name] !== undefined),
    ...register(name),
    readOnly: !editable,
  });

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Profile Settings</h2>
      <p className="mb-4 text-sm text-muted-foreground">
        {editable
          ? 'The company details that head every invoice.'
          : 'The company details that head every invoice. An admin can change them.'}
      </p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="profile-companyName"
          label="Company Name"
          error={errors.companyName?.message}
        >
          <Input {...field('companyName')} />
        </FormField>
        <FormField id="profile-email" label="Admin Email" error={errors.email?.message}>
          <Input type="email" {...field('email')} />
        </FormField>
        <FormField id="profile-phone" label="Phone" error={errors.phone?.message}>
          <Input type="tel" {...field('phone')} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="profile-address" label="Business Address" error={errors.address?.message}>
            <Textarea rows={3} {...field('address')} />
          </FormField>
        </div>
        {editable ? (
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Profile'}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
