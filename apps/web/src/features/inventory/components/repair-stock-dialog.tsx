import {
  localToday,
  MATERIAL_UNIT_LABELS,
  type MaterialDto,
  type MaterialUnit,
  REPAIR_MESSAGES,
  type RepairStockInput,
  repairStockFormSchema,
} from '@stockyard/shared';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, ErrorLine, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { notifyToast } from '@/lib/toast';
import { type RepairOutcome, useSettleRepair } from '../api/repair-stock';

/** How many, and the day it happened: today unless it was earlier. */
type FormValues = { quantity: string; occurredOn: string };

const FIELDS = ['quantity', 'occurredOn'] as const;

const TEXT = {
  repair: { title: 'Repaired', action: 'Mark Repaired', pending: 'Saving...' },
  scrap: { title: 'Scrap', action: 'Scrap', pending: 'Scrapping...' },
} as const;

/**
 * Repaired and Scrap: so many of a material's units in repair go back into its
 * stock, or are written off, the latter confirmed first. At most what is in repair
 * (`repairStockFormSchema`; the server checks it again).
 */
export function RepairStockDialog({
  material,
  outcome,
  onOpenChange,
}: {
  /** The material whose repair stock is settled; null keeps the dialog closed. */
  material: MaterialDto | null;
  outcome: RepairOutcome;
  onOpenChange: (open: boolean) => void;
}) {
  const settle = useSettleRepair();
  const inRepair = material?.repairQuantity ?? 0;
  const resolver = useMemo(
    () => schemaResolver<FormValues, RepairStockInput>(repairStockFormSchema(inRepair)),
    [inRepair],
  );
  const { register, handleSubmit, reset, setError, formState, control } = useForm<
    FormValues,
    unknown,
    RepairStockInput
  >({ resolver, defaultValues: { quantity: String(inRepair), occurredOn: localToday() } });
  const { errors, isSubmitting } = formState;
  // A scrap waits here for its confirmation.
  const [confirming, setConfirming] = useState<RepairStockInput | null>(null);

  useEffect(() => {
    if (material) reset({ quantity: String(material.repairQuantity), occurredOn: localToday() });
    setConfirming(null);
  }, [material, reset]);

  const unit = material
    ? (MATERIAL_UNIT_LABELS[material.unit as MaterialUnit] ?? material.unit)
    : '';
  const text = TEXT[outcome];

  const send = async (input: RepairStockInput) => {
    if (!material) return;
    try {
      await settle.mutateAsync({ id: material.id, outcome, input });
      notifyToast.success(
        outcome === 'repair' ? REPAIR_MESSAGES.repaired : REPAIR_MESSAGES.scrapped,
      );
      setConfirming(null);
      onOpenChange(false);
    } catch (error) {
      setConfirming(null);
      if (applyServerErrors(error, setError, FIELDS)) return;
      setError('root.server', {
        message: serverMessage(error) ?? 'Failed to update the repair stock. Please try again.',
      });
    }
  };

  const onSubmit = handleSubmit(async (input) => {
    if (outcome === 'scrap') setConfirming(input);
    else await send(input);
  });

  return (
    <>
      <Dialog open={material !== null && confirming === null} onOpenChange={onOpenChange}>
        <DialogContent
          title={material ? `${text.title}: ${material.name}` : text.title}
          description={
            material
              ? outcome === 'repair'
                ? `Units of ${material.name} in repair at ${material.location.name} go back into its stock.`
                : `Units of ${material.name} in repair at ${material.location.name} are written off.`
              : undefined
          }
        >
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <p className="text-sm text-muted-foreground">
              In repair:{' '}
              <span className="font-medium text-foreground">
                {inRepair} {unit}
              </span>
            </p>
            <FormField id="repair-quantity" label="Quantity" error={errors.quantity?.message}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                {...controlProps('repair-quantity', errors.quantity !== undefined)}
                {...register('quantity')}
              />
            </FormField>
            <FormField id="repair-occurredOn" label="Date" error={errors.occurredOn?.message}>
              <Controller
                control={control}
                name="occurredOn"
                render={({ field }) => (
                  <DateInput
                    {...controlProps('repair-occurredOn', errors.occurredOn !== undefined)}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </FormField>
            <ErrorLine>{errors.root?.server?.message}</ErrorLine>
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? text.pending : text.action}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={material !== null && confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={material ? `Scrap ${material.name}?` : 'Scrap?'}
        description={
          material && confirming
            ? REPAIR_MESSAGES.confirmScrap(confirming.quantity, unit, material.name)
            : ''
        }
        confirmLabel="Scrap"
        pendingLabel="Scrapping..."
        pending={settle.isPending}
        onConfirm={() => {
          if (confirming) void send(confirming);
        }}
      />
    </>
  );
}
