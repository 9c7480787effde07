import {
  type CustomerRate,
  type CustomerRateFormOutput,
  centsText,
  customerRateFormSchema,
  type LocationDto,
} from '@stockyard/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MaterialSelect, optionsState } from '@/components/material-select';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EditDeleteButtons } from '@/components/ui/row-actions';
import { Table, TableMessage, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useCatalogueOptions } from '@/hooks/use-catalogue-options';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { notifyToast } from '@/lib/toast';
import {
  useCustomerRates,
  useRemoveCustomerRate,
  useSaveCustomerRate,
} from '../api/customer-rates';

type FormValues = {
  materialTypeId: string;
  dayCents: string;
  weekCents: string;
  minimumDays: string;
};

const FIELDS = ['materialTypeId', 'dayCents', 'weekCents', 'minimumDays'] as const;
const EMPTY: FormValues = { materialTypeId: '', dayCents: '', weekCents: '', minimumDays: '' };

function toFormValues(rate: CustomerRate): FormValues {
  return {
    materialTypeId: String(rate.materialTypeId),
    dayCents: centsText(rate.dayCents),
    weekCents: centsText(rate.weekCents),
    // Blank: the catalogue's minimum applies; 0 is a stated minimum of none.
    minimumDays: rate.minimumDays === null ? '' : String(rate.minimumDays),
  };
}

/**
 * Which minimum hire applies to a customer rate: its own ("own minimum: 0 days"), or, when it
 * states none, the catalogue's ("catalogue minimum: 10 days").
 */
function minimumText(rate: CustomerRate): string {
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  return rate.minimumDays === null
    ? `catalogue minimum: ${days(rate.effectiveMinimumDays)}`
    : `own minimum: ${days(rate.minimumDays)}`;
}

/** "2.50 / day, 10.00 / week, min. 7 days", as a rate's cell shows it. */
function rateText(rate: { dayCents: number; weekCents: number | null; minimumDays: number }) {
  const parts = [`${centsText(rate.dayCents)} / day`];
  if (rate.weekCents !== null) parts.push(`${centsText(rate.weekCents)} / week`);
  if (rate.minimumDays > 0) parts.push(`min. ${rate.minimumDays} days`);
  return parts.join(', ');
}

/**
 * A site's customer's own hire rates, over the catalogue's: the list with the
 * catalogue's rate beside each, and a form that adds one or changes the one being edited.
 */
export function CustomerRatesDialog({
  location,
  onOpenChange,
}: {
  /** The site whose rates are shown; null: closed. */
  location: LocationDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const locationId = location?.id ?? null;
  const rates = useCustomerRates(locationId);
  const catalogue = useCatalogueOptions(location !== null);
  const save = useSaveCustomerRate(locationId ?? 0);
  const remove = useRemoveCustomerRate(locationId ?? 0);
  const [editing, setEditing] = useState<CustomerRate | null>(null);
  const [removing, setRemoving] = useState<CustomerRate | null>(null);
  const form = useForm<FormValues, unknown, CustomerRateFormOutput>({
    resolver: schemaResolver<FormValues, CustomerRateFormOutput>(customerRateFormSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    reset(editing ? toFormValues(editing) : EMPTY);
  }, [editing, reset]);
  useEffect(() => {
    if (location === null) setEditing(null);
  }, [location]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      notifyToast.success('Customer rate saved');
      setEditing(null);
      reset(EMPTY);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      notifyToast.error('Failed to save the customer rate.', {
        description: serverMessage(error),
      });
    }
  });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.materialTypeId, {
      onSuccess: () => {
        notifyToast.success('Customer rate removed');
        if (editing?.materialTypeId === removing.materialTypeId) setEditing(null);
      },
      onSettled: () => setRemoving(null),
    });
  };

  const fieldProps = (field: keyof FormValues) => ({
    ...controlProps(`customer-rate-${field}`, errors[field] !== undefined),
    ...register(field),
  });
  const priced = new Set(rates.data?.map((rate) => rate.materialTypeId));
  const offered = (catalogue.data ?? []).filter(
    (type) => !priced.has(type.id) || type.id === editing?.materialTypeId,
  );

  return (
    <Dialog open={location !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Customer rates: ${location?.name ?? ''}`}
        description="This site's own hire rates, over the catalogue's. A material without one is hired at the catalogue's rate."
        className="max-w-3xl"
      >
        <Table aria-label="Customer rates">
          <THead>
            <TR>
              <TH>Material</TH>
              <TH>Customer rate</TH>
              <TH from="sm">Catalogue rate</TH>
              <TH className="text-right">Actions</TH>
            </TR>
          </THead>
          <TBody>
            {rates.isPending ? (
              <TableMessage colSpan={4}>Loading rates...</TableMessage>
            ) : rates.isError ? (
              <TableMessage colSpan={4}>Could not load the rates.</TableMessage>
            ) : rates.data.length === 0 ? (
              <TableMessage colSpan={4}>No rates of its own: the catalogue's apply.</TableMessage>
            ) : (
              rates.data.map((rate) => (
                <TR key={rate.materialTypeId}>
                  <TD className="font-medium">{rate.materialTypeName}</TD>
                  <TD>
                    {rateText({ ...rate, minimumDays: 0 })}
                    <span className="block text-xs text-muted-foreground">{minimumText(rate)}</span>
                  </TD>
                  <TD from="sm" className="text-muted-foreground">
                    {rate.catalogue ? rateText(rate.catalogue) : 'None'}
                  </TD>
                  <TD className="text-right">
                    <EditDeleteButtons
                      name={`the rate of ${rate.materialTypeName}`}
                      onEdit={() => setEditing(rate)}
                      onDelete={() => setRemoving(rate)}
                    />
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>

        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4 border-t border-border pt-4">
          <h3 className="text-sm font-medium">
            {editing ? `Change the rate of ${editing.materialTypeName}` : 'Add a rate'}
          </h3>
          <FormField
            id="customer-rate-materialTypeId"
            label="Material"
            error={errors.materialTypeId?.message}
          >
            <MaterialSelect
              disabled={editing !== null}
              {...fieldProps('materialTypeId')}
              state={optionsState(catalogue)}
              materials={offered}
              optionText={(type) =>
                type.itemNumber ? `${type.itemNumber} ${type.name}` : type.name
              }
              emptyText={
                catalogue.data?.length
                  ? 'Every catalogue material has a rate here'
                  : 'No materials in the catalogue'
              }
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              id="customer-rate-dayCents"
              label="Hire rate per day"
              error={errors.dayCents?.message}
            >
              <Input inputMode="decimal" autoComplete="off" {...fieldProps('dayCents')} />
            </FormField>
            <FormField
              id="customer-rate-weekCents"
              label="Hire rate per week"
              error={errors.weekCents?.message}
            >
              <Input inputMode="decimal" autoComplete="off" {...fieldProps('weekCents')} />
            </FormField>
            <FormField
              id="customer-rate-minimumDays"
              label="Minimum hire (days)"
              error={errors.minimumDays?.message}
            >
              {/* Blank: the catalogue's minimum applies; 0 states none for this customer. */}
              <Input
                inputMode="numeric"
                autoComplete="off"
                placeholder="Catalogue's"
                {...fieldProps('minimumDays')}
              />
            </FormField>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {editing ? (
              <Button variant="outline" onClick={() => setEditing(null)}>
                Cancel edit
              </Button>
            ) : null}
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Save Rate' : 'Add Rate'}
            </Button>
          </div>
        </form>

        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          title={removing ? `Remove the rate of ${removing.materialTypeName}?` : 'Remove rate?'}
          description="The catalogue's rate will price this material's hire at this site again."
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={confirmRemove}
        />
      </DialogContent>
    </Dialog>
  );
}
