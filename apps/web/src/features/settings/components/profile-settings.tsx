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
const FIELDS = [
  'companyName',
  'email',
  'phone',
  'address',
  'postcode',
  'city',
  'countryCode',
  'vatId',
  'taxNumber',
  'registerEntry',
  'iban',
  'bic',
] as const;
const EMPTY: FormValues = {
  companyName: '',
  email: '',
  phone: '',
  address: '',
  postcode: '',
  city: '',
  countryCode: '',
  vatId: '',
  taxNumber: '',
  registerEntry: '',
  iban: '',
  bic: '',
};

/** The legal details an invoice must show, with what each one is. */
const LEGAL_FIELDS: Array<{ name: (typeof FIELDS)[number]; label: string; hint?: string }> = [
  { name: 'postcode', label: 'Postcode' },
  { name: 'city', label: 'City' },
  { name: 'countryCode', label: 'Country code', hint: 'Two letters, ISO 3166 (DE, FR, GB)' },
  { name: 'vatId', label: 'VAT ID', hint: 'With its country prefix (DE123456789)' },
  { name: 'taxNumber', label: 'Tax number' },
  { name: 'registerEntry', label: 'Register entry', hint: 'Court and number (HRB 12345, Hamburg)' },
  { name: 'iban', label: 'IBAN' },
  { name: 'bic', label: 'BIC' },
];

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
      const { updatedAt: _updatedAt, ...values } = profile.data;
      reset({ ...EMPTY, ...values });
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
        <div className="sm:col-span-2">
          <h3 className="text-sm font-semibold">Invoice details</h3>
          <p className="text-sm text-muted-foreground">
            What the law asks of every invoice: an invoice is finalized only once the postcode,
            city, country, a VAT ID or tax number and the IBAN are given.
          </p>
        </div>
        {LEGAL_FIELDS.map(({ name, label, hint }) => (
          <FormField key={name} id={`profile-${name}`} label={label} error={errors[name]?.message}>
            <Input placeholder={hint} {...field(name)} />
          </FormField>
        ))}
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
