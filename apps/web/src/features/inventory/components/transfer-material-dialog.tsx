import {
  insufficientStockMessage,
  MATERIAL_UNIT_LABELS,
  type MaterialDto,
  type MaterialUnit,
  type TransferMaterialInput,
  transferMaterialSchema,
} from '@stockyard/shared';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { LocationSelect } from '@/components/location-select';
import { ScanToAdd } from '@/components/scanner/scan-to-add';
import { TotalWeight, typedQuantity } from '@/components/total-weight';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, ErrorLine, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { scannedTypeName } from '@/lib/scan-lookup';
import { findScanned, readScan, type ScanOutcome } from '@/lib/scan-rules';
import { notifyToast } from '@/lib/toast';
import { useTransferMaterial } from '../api/transfer-material';

type FormValues = { fromLocation: string; toLocation: string; quantity: string };

const FIELDS = ['toLocation', 'quantity'] as const;

function toFormValues(material: MaterialDto | null): FormValues {
  return { fromLocation: String(material?.locationId ?? ''), toLocation: '', quantity: '' };
}

/** The shared rules, and no more than the stock on screen (the server checks it again under lock). */
function transferSchema(available: number) {
  return transferMaterialSchema.refine((value) => value.quantity <= available, {
    error: insufficientStockMessage(available),
    path: ['quantity'],
  });
}

/** Transfer: moves some of a material's stock to another active location. */
export function TransferMaterialDialog({
  material,
  onOpenChange,
}: {
  /** The material to move stock of; null keeps the dialog closed. */
  material: MaterialDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const transfer = useTransferMaterial();
  const locations = useLocationOptions('active');
  const available = material?.quantity ?? 0;
  const resolver = useMemo(
    () => schemaResolver<FormValues, TransferMaterialInput>(transferSchema(available)),
    [available],
  );
  const { register, handleSubmit, reset, setError, watch, getValues, setValue, formState } =
    useForm<FormValues, unknown, TransferMaterialInput>({
      resolver,
      defaultValues: toFormValues(material),
    });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (material) reset(toFormValues(material));
  }, [material, reset]);

  const destinations = (locations.data ?? []).filter(
    (option) => option.id !== material?.locationId,
  );
  const unit = material
    ? (MATERIAL_UNIT_LABELS[material.unit as MaterialUnit] ?? material.unit)
    : '';

  const onSubmit = handleSubmit(async (input) => {
    if (!material) return;
    try {
      const { data } = await transfer.mutateAsync({ id: material.id, input });
      notifyToast.success('Material transferred successfully.', {
        description: `${input.quantity} ${unit} of ${material.name} moved to ${data.destination.location.name}.`,
      });
      onOpenChange(false);
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS)) return;
      setError('root.server', {
        message: serverMessage(error) ?? 'Failed to transfer the material. Please try again.',
      });
    }
  });

  const described = (field: keyof FormValues) =>
    controlProps(`transfer-${field}`, errors[field] !== undefined);

  // Scan to add: a label of this material counts one piece more; another material's adds nothing.
  const onScan = async (text: string): Promise<ScanOutcome> => {
    const target = readScan(text);
    if (!material || target?.kind !== 'material') {
      return { ok: false, message: 'This is not a Stockyard material label.' };
    }
    if (!findScanned(target.code, [material])) {
      const name = (await scannedTypeName(target.code)) ?? `Label ${target.code}`;
      return { ok: false, message: `${name} is not ${material.name}` };
    }
    const next = (Number(getValues('quantity')) || 0) + 1;
    setValue('quantity', String(next), { shouldValidate: next > available });
    return { ok: true, message: `${material.name}: ${next}` };
  };

  return (
    <Dialog open={material !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Transfer Material"
        description={
          material
            ? `Move ${material.name} from ${material.location.name} to another location.`
            : undefined
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-muted-foreground">
            In stock:{' '}
            <span className="font-medium text-foreground" data-testid="transfer-available">
              {available} {unit}
            </span>
          </p>
          <FormField
            id="transfer-toLocation"
            label="Destination"
            error={errors.toLocation?.message}
          >
            <LocationSelect
              {...described('toLocation')}
              {...register('toLocation')}
              id="transfer-toLocation"
              state={locations}
              options={destinations}
              placeholder="Select destination"
              emptyText="No other active location"
            />
          </FormField>
          <ScanToAdd onScan={onScan} />
          <FormField id="transfer-quantity" label="Quantity" error={errors.quantity?.message}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              {...described('quantity')}
              {...register('quantity')}
            />
          </FormField>
          <TotalWeight
            lines={[
              { quantity: typedQuantity(watch('quantity')), weightKg: material?.weightKg ?? null },
            ]}
          />
          <ErrorLine>{errors.root?.server?.message}</ErrorLine>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Transferring...' : 'Transfer'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
