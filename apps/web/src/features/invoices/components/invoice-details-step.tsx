import type { InvoiceInput, LocationOption } from '@stockyard/shared';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { LocationSelect } from '@/components/location-select';
import { DateInput } from '@/components/ui/date-input';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import type { InvoiceFormValues } from '../invoice-form';

type InvoiceForm = UseFormReturn<InvoiceFormValues, unknown, InvoiceInput>;

/** The details step (02 section 2.2); a field manager's location is their own and fixed. */
export function InvoiceDetailsStep({
  form,
  locations,
  locationsState,
  locationFixed,
  fixedLocationName,
}: {
  form: InvoiceForm;
  locations: readonly LocationOption[];
  locationsState: { isPending: boolean; isError: boolean };
  locationFixed: boolean;
  fixedLocationName: string;
}) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const described = (field: keyof InvoiceFormValues) =>
    controlProps(`invoice-${field}`, errors[field] !== undefined);
  const text = (field: keyof InvoiceFormValues, label: string, multiline = false) => (
    <FormField id={`invoice-${field}`} label={label} error={errors[field]?.message}>
      {multiline ? (
        <Textarea rows={3} {...described(field)} {...register(field)} />
      ) : (
        <Input autoComplete="off" {...described(field)} {...register(field)} />
      )}
    </FormField>
  );
  const date = (field: 'issueDate' | 'dueDate', label: string) => (
    <FormField id={`invoice-${field}`} label={label} error={errors[field]?.message}>
      <Controller
        control={control}
        name={field}
        render={({ field: input }) => (
          <DateInput
            {...described(field)}
            value={input.value}
            onChange={input.onChange}
            onBlur={input.onBlur}
          />
        )}
      />
    </FormField>
  );

  return (
    <div className="grid gap-4 md:grid-cols-2">
      {text('invoiceId', 'Invoice ID')}
      <FormField id="invoice-locationId" label="Location" error={errors.locationId?.message}>
        {locationFixed ? (
          // A field manager's invoices are of their own location: shown, not chosen.
          <Input
            {...described('locationId')}
            readOnly
            className="bg-muted"
            value={
              locations.find((option) => String(option.id) === form.getValues('locationId'))
                ?.name ?? fixedLocationName
            }
          />
        ) : (
          <LocationSelect
            {...described('locationId')}
            {...register('locationId', {
              // Materials are used at the invoice's location: another location's do not apply.
              onChange: () =>
                form.getValues('items').forEach((item, index) => {
                  item.materialUsages.forEach((_, usage) => {
                    form.setValue(`items.${index}.materialUsages.${usage}.materialId`, '');
                  });
                }),
            })}
            id="invoice-locationId"
            state={locationsState}
            options={locations}
            placeholder="Select location"
          />
        )}
      </FormField>
      {date('issueDate', 'Issue Date')}
      {date('dueDate', 'Due Date')}
      {text('clientName', 'Client Name')}
      {text('department', 'Department')}
      <div className="md:col-span-2">{text('clientAddress', 'Client Address', true)}</div>
      {text('job_period', 'Job Period')}
      {text('signature', 'Signature')}
      <div className="md:col-span-2">{text('job_details', 'Job Details', true)}</div>
      {text('notes', 'Notes', true)}
      {text('invoice_remark', 'Invoice Remarks', true)}
    </div>
  );
}
