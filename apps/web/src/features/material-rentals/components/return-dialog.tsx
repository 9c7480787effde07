import {
  localToday,
  RENTAL_MESSAGES,
  type RentalDto,
  type RentalReturnInput,
  remaining,
  rentalName,
  rentalReturnFormSchema,
} from '@stockyard/shared';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ScanToAdd } from '@/components/scanner/scan-to-add';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { KEPT_ON_DEVICE } from '@/lib/offline/device';
import { scannedTypeName } from '@/lib/scan-lookup';
import {
  addOrIncrement,
  notOnRental,
  readScan,
  type ScanOutcome,
  scanIntoReturn,
} from '@/lib/scan-rules';
import { notifyToast } from '@/lib/toast';
import { useRecordReturn } from '../api/rental-mutations';
import { unitLabel } from './units';

/** Good (`returnedQuantity`), damaged and lost units of the chosen item. */
type FormValues = {
  rentalItemId: string;
  returnedQuantity: string;
  damagedQuantity: string;
  lostQuantity: string;
  /** The day the hire ended for what came back: today unless it was earlier. */
  returnDate: string;
  notes: string;
};

const FIELDS = [
  'rentalItemId',
  'returnedQuantity',
  'damagedQuantity',
  'lostQuantity',
  'returnDate',
  'notes',
] as const;

/** The three conditions a return's units come back in, each its own field. */
const CONDITIONS = [
  { field: 'returnedQuantity', label: 'Good' },
  { field: 'damagedQuantity', label: 'Damaged' },
  { field: 'lostQuantity', label: 'Lost' },
] as const;

/** The first item still out is chosen, so that a one-item rental needs only a quantity. */
function toFormValues(rental: RentalDto | null): FormValues {
  const open = rental?.items.filter((item) => remaining(item) > 0) ?? [];
  return {
    rentalItemId: open.length === 1 ? String(open[0]!.id) : '',
    returnedQuantity: '1',
    damagedQuantity: '0',
    lostQuantity: '0',
    // The day on this device when the dialog opens: a return made without signal keeps it.
    returnDate: localToday(),
    notes: '',
  };
}

/**
 * Process Return (02 section 2.9): part or all of one item's remainder comes back,
 * so many good, so many damaged (into the yard's repair stock) and so many lost.
 */
export function ReturnDialog({
  rental,
  onOpenChange,
}: {
  /** The rental to take a return for; null keeps the dialog closed. */
  rental: RentalDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useRecordReturn();
  const items = rental?.items ?? [];
  const resolver = useMemo(
    () => schemaResolver<FormValues, RentalReturnInput>(rentalReturnFormSchema(items)),
    [items],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    getValues,
    setValue,
    formState,
    control,
  } = useForm<FormValues, unknown, RentalReturnInput>({
    resolver,
    defaultValues: toFormValues(rental),
  });
  const { errors, isSubmitting } = formState;

  // Scan to add: what each item's labels counted; the chosen one's count is the Quantity field.
  const [scanned, setScanned] = useState<Map<number, number>>(new Map());

  useEffect(() => {
    if (rental) reset(toFormValues(rental));
    setScanned(new Map());
  }, [rental, reset]);

  const outstanding = items.filter((item) => remaining(item) > 0);
  const chosen = items.find((item) => String(item.id) === watch('rentalItemId'));
  // Items scanned besides the chosen one: recorded with it, one return each.
  const alsoScanned = outstanding.filter((item) => item !== chosen && scanned.has(item.id));

  const onScan = async (text: string): Promise<ScanOutcome> => {
    const found = scanIntoReturn(text, outstanding, () => undefined);
    if ('refusal' in found) {
      const target = readScan(text);
      const name = target?.kind === 'material' ? await scannedTypeName(target.code) : undefined;
      return { ok: false, message: name ? notOnRental(name) : found.refusal };
    }
    const { item } = found;
    let tally: Map<number, number> = scanned;
    // The chosen item's count is what its Good field says now (typed over, or scanned); a
    // scanned label counts a unit come back good.
    if (chosen && scanned.has(chosen.id)) {
      tally = new Map(tally).set(chosen.id, Number(getValues('returnedQuantity')) || 0);
    }
    tally = addOrIncrement(tally, item.id);
    setScanned(tally);
    setValue('rentalItemId', String(item.id));
    setValue('returnedQuantity', String(tally.get(item.id)));
    return { ok: true, message: `${item.materialName}: ${tally.get(item.id)}` };
  };

  const onSubmit = handleSubmit(async (input) => {
    if (!rental) return;
    try {
      const outcome = await record.mutateAsync({ rental, input });
      if (outcome.kept) {
        notifyToast.info(KEPT_ON_DEVICE.title, { description: KEPT_ON_DEVICE.description });
      } else {
        notifyToast.success(RENTAL_MESSAGES.returnRecorded);
      }
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      notifyToast.error(RENTAL_MESSAGES.returnFailed, { description: serverMessage(error) });
    }
  });

  const described = (field: keyof FormValues) =>
    controlProps(`return-${field}`, errors[field] !== undefined);

  return (
    <Dialog open={rental !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={rental ? `Process Return: ${rentalName(rental)}` : 'Process Return'}
        description={
          rental
            ? `${rentalName(rental)}: from ${rental.fromLocation.name} to ${rental.toLocation.name}.`
            : undefined
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {outstanding.length > 0 ? <ScanToAdd onScan={onScan} /> : null}
          <FormField id="return-rentalItemId" label="Item" error={errors.rentalItemId?.message}>
            <Select {...described('rentalItemId')} {...register('rentalItemId')}>
              <option value="">
                {outstanding.length === 0 ? 'Nothing left to return' : 'Select an item'}
              </option>
              {outstanding.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.materialName} (Remaining: {remaining(item)} {unitLabel(item.unit)})
                </option>
              ))}
            </Select>
          </FormField>
          <div className="grid grid-cols-3 gap-3">
            {CONDITIONS.map(({ field, label }) => (
              <FormField
                key={field}
                id={`return-${field}`}
                label={label}
                error={errors[field]?.message}
              >
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  {...described(field)}
                  {...register(field)}
                />
              </FormField>
            ))}
          </div>
          {chosen ? (
            <p className="text-sm text-muted-foreground" data-testid="return-remaining">
              Rented {chosen.quantity} {unitLabel(chosen.unit)}, returned{' '}
              {chosen.quantityActuallyReturned}
              {chosen.quantityDamaged ? `, damaged ${chosen.quantityDamaged}` : ''}
              {chosen.quantityLost ? `, lost ${chosen.quantityLost}` : ''}, remaining{' '}
              <span className="font-medium text-foreground">
                {remaining(chosen)} {unitLabel(chosen.unit)}
              </span>
            </p>
          ) : null}
          {alsoScanned.length > 0 ? (
            <p className="text-sm" data-testid="return-also-scanned">
              Also returned:{' '}
              {alsoScanned
                .map(
                  (item) => `${item.materialName} ${scanned.get(item.id)} ${unitLabel(item.unit)}`,
                )
                .join(', ')}
            </p>
          ) : null}
          <FormField id="return-returnDate" label="Return Date" error={errors.returnDate?.message}>
            {/* The customer's off-hire day: not charged, and may be before the lorry collects. */}
            <Controller
              control={control}
              name="returnDate"
              render={({ field }) => (
                <DateInput
                  {...described('returnDate')}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </FormField>
          <FormField id="return-notes" label="Notes" error={errors.notes?.message}>
            <Textarea rows={3} {...described('notes')} {...register('notes')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Recording...' : 'Record Return'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
