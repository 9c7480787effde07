import {
  type BillingSettings,
  type BillingSettingsInput,
  billingSettingsFormSchema,
  CURRENCIES,
  centsText,
  INVOICE_UOMS,
  JOB_TYPES,
  MONEY_TOASTS,
  type WorkRate,
  type WorkRatesInput,
  workRateFormSchema,
} from '@stockyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { applyServerErrors } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import {
  useBillingSettings,
  useUpdateBillingSettings,
  useUpdateWorkRates,
  useWorkRates,
} from '../api/billing-settings-api';
import { settingsFailed, settingsSaved } from './settings-toast';

/**
 * Billing (admins): the currency, VAT rate and payment terms of new invoices, the next
 * invoice and credit note numbers (raised, never lowered), and the work rates of the volume
 * invoices. Two forms, each saved with its own button.
 */
export function BillingSettingsCard() {
  const billing = useBillingSettings(true);
  const workRates = useWorkRates(true);
  useEffect(() => {
    if (billing.isError) settingsFailed(billing.error, MONEY_TOASTS.billingLoadFailed);
  }, [billing.isError, billing.error]);

  return (
    <Card className="space-y-6 p-6">
      <div>
        <h2 className="text-lg font-semibold">Billing</h2>
        <p className="text-sm text-muted-foreground">
          What new invoices are billed in and numbered with, and the prices of work.
        </p>
      </div>
      {billing.data ? (
        <BillingForm settings={billing.data} />
      ) : (
        <Loading failed={billing.isError} />
      )}
      {workRates.data ? (
        <WorkRatesForm rates={workRates.data} />
      ) : (
        <Loading failed={workRates.isError} />
      )}
    </Card>
  );
}

function Loading({ failed }: { failed: boolean }) {
  return failed ? (
    <p className="text-sm text-destructive">Could not load. Reload the page to try again.</p>
  ) : (
    <div className="flex justify-center py-4">
      <Spinner />
    </div>
  );
}

type BillingValues = {
  currency: string;
  vatRatePercent: string;
  paymentTermsDays: string;
  nextInvoiceNumber: string;
  nextCreditNoteNumber: string;
};
const BILLING_FIELDS = [
  'currency',
  'vatRatePercent',
  'paymentTermsDays',
  'nextInvoiceNumber',
  'nextCreditNoteNumber',
] as const;

function toBillingValues(settings: BillingSettings): BillingValues {
  return {
    currency: settings.currency,
    vatRatePercent: String(settings.vatRatePercent),
    paymentTermsDays: String(settings.paymentTermsDays),
    nextInvoiceNumber: String(settings.nextInvoiceNumber),
    nextCreditNoteNumber: String(settings.nextCreditNoteNumber),
  };
}

function BillingForm({ settings }: { settings: BillingSettings }) {
  const update = useUpdateBillingSettings();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    BillingValues,
    unknown,
    BillingSettingsInput
  >({
    resolver: schemaResolver<BillingValues, BillingSettingsInput>(billingSettingsFormSchema),
    defaultValues: toBillingValues(settings),
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => reset(toBillingValues(settings)), [settings, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      settingsSaved(MONEY_TOASTS.billingSaved);
    } catch (error) {
      applyServerErrors(error, setError, BILLING_FIELDS);
      settingsFailed(error, MONEY_TOASTS.billingFailed);
    }
  });

  const field = (name: keyof BillingValues) => ({
    ...controlProps(`billing-${name}`, errors[name] !== undefined),
    ...register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
      <FormField id="billing-currency" label="Currency" error={errors.currency?.message}>
        <Select {...field('currency')}>
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id="billing-vatRatePercent"
        label="VAT rate (%)"
        error={errors.vatRatePercent?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...field('vatRatePercent')} />
      </FormField>
      <FormField
        id="billing-paymentTermsDays"
        label="Payment terms (days)"
        error={errors.paymentTermsDays?.message}
      >
        <Input inputMode="numeric" autoComplete="off" {...field('paymentTermsDays')} />
      </FormField>
      <FormField
        id="billing-nextInvoiceNumber"
        label="Next invoice number"
        error={errors.nextInvoiceNumber?.message}
      >
        <Input inputMode="numeric" autoComplete="off" {...field('nextInvoiceNumber')} />
      </FormField>
      <FormField
        id="billing-nextCreditNoteNumber"
        label="Next credit note number"
        error={errors.nextCreditNoteNumber?.message}
      >
        <Input inputMode="numeric" autoComplete="off" {...field('nextCreditNoteNumber')} />
      </FormField>
      <p className="text-xs text-muted-foreground sm:col-span-3">
        The numbers of {settings.year}. They can be raised, for example to carry on another system's
        series, but never lowered: a number is never given twice.
      </p>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Billing Settings'}
        </Button>
      </div>
    </form>
  );
}

type WorkRateValues = { rates: Array<Omit<WorkRate, 'rateCents'> & { rateCents: string }> };

const toWorkRateValues = (rates: WorkRate[]): WorkRateValues => ({
  rates: rates.map((rate) => ({ ...rate, rateCents: centsText(rate.rateCents) })),
});

/** Every job type × unit, a money input each (blank: no rate); the table is saved whole. */
function WorkRatesForm({ rates }: { rates: WorkRate[] }) {
  const update = useUpdateWorkRates();
  const { register, handleSubmit, reset, formState } = useForm<
    WorkRateValues,
    unknown,
    WorkRatesInput
  >({
    resolver: schemaResolver<WorkRateValues, WorkRatesInput>(workRateFormSchema),
    defaultValues: toWorkRateValues(rates),
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => reset(toWorkRateValues(rates)), [rates, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      settingsSaved(MONEY_TOASTS.workRatesSaved);
    } catch (error) {
      settingsFailed(error, MONEY_TOASTS.workRatesFailed);
    }
  });

  const indexOf = (jobType: WorkRate['jobType'], uom: WorkRate['uom']) =>
    rates.findIndex((rate) => rate.jobType === jobType && rate.uom === uom);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div>
        <h3 className="text-base font-semibold">Work rates</h3>
        <p className="text-sm text-muted-foreground">
          The price of one unit of work on a volume invoice. Blank: no rate.
        </p>
      </div>
      <Table aria-label="Work rates">
        <THead>
          <TR>
            <TH>Unit</TH>
            {JOB_TYPES.map((jobType) => (
              <TH key={jobType}>{jobType}</TH>
            ))}
          </TR>
        </THead>
        <TBody>
          {INVOICE_UOMS.map((uom) => (
            <TR key={uom}>
              <TD className="whitespace-nowrap font-medium">{uom}</TD>
              {JOB_TYPES.map((jobType) => {
                const index = indexOf(jobType, uom);
                const id = `work-rate-${index}`;
                const error = errors.rates?.[index]?.rateCents?.message;
                return (
                  <TD key={jobType}>
                    <Input
                      aria-label={`${jobType} per ${uom}`}
                      inputMode="decimal"
                      autoComplete="off"
                      className="min-w-24"
                      {...controlProps(id, error !== undefined)}
                      {...register(`rates.${index}.rateCents`)}
                    />
                    {error ? (
                      <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-destructive">
                        {error}
                      </p>
                    ) : null}
                  </TD>
                );
              })}
            </TR>
          ))}
        </TBody>
      </Table>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save Work Rates'}
      </Button>
    </form>
  );
}
