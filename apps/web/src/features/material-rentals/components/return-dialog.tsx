import {
  RENTAL_MESSAGES,
  type RentalDto,
  type RentalReturnInput,
  remaining,
  rentalName,
  rentalReturnFormSchema,
} from '@stockyard/shared';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { notifyToast } from '@/lib/toast';
import { useRecordReturn } from '../api/rental-mutations';
import { unitLabel } from './units';

type FormValues = { rentalItemId: string; returnedQuantity: string; notes: string };

const FIELDS = ['rentalItemId', 'returnedQuantity', 'notes'] as const;

/** The first item still out is chosen, so that a one-item rental needs only a quantity. */
function toFormValues(rental: RentalDto | null): FormValues {
  const open = rental?.items.filter((item) => remaining(item) > 0) ?? [];
  return {
    rentalItemId: open.length === 1 ? String(open[0]!.id) : '',
    returnedQuantity: '1',
    notes: '',
  };
}

/** Process Return (02 section 2.9): part or all of one item's remainder comes back. */
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
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<
    FormValues,
    unknown,
    RentalReturnInput
  >({ resolver, defaultValues: toFormValues(rental) });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (rental) reset(toFormValues(rental));
  }, [rental, reset]);

  const outstanding = items.filter((item) => remaining(item) > 0);
  const chosen = items.find((item) => String(item.id) === watch('rentalItemId'));

  const onSubmit = handleSubmit(async (input) => {
    if (!rental) return;
    try {
      await record.mutateAsync({ id: rental.id, input });
      notifyToast.success(RENTAL_MESSAGES.returnRecorded);
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
          <FormField
            id="return-returnedQuantity"
            label="Quantity"
            error={errors.returnedQuantity?.message}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              {...described('returnedQuantity')}
              {...register('returnedQuantity')}
            />
          </FormField>
          {chosen ? (
            <p className="text-sm text-muted-foreground" data-testid="return-remaining">
              Rented {chosen.quantity} {unitLabel(chosen.unit)}, returned{' '}
              {chosen.quantityActuallyReturned}, remaining{' '}
              <span className="font-medium text-foreground">
                {remaining(chosen)} {unitLabel(chosen.unit)}
              </span>
            </p>
          ) : null}
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
