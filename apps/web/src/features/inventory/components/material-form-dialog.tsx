import {
  MATERIAL_UNIT_LABELS,
  MATERIAL_UNITS,
  type MaterialDto,
  type MaterialInput,
  materialSchema,
  materialStatus,
  ownLocation,
} from '@stockyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { LocationSelect } from '@/components/location-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useCreateMaterial } from '../api/create-material';
import { useUpdateMaterial } from '../api/update-material';
import { MaterialStatusBadge } from './material-status-badge';

type FormValues = {
  name: string;
  locationId: string;
  quantity: string;
  unit: string;
  notes: string;
};

const FIELDS = ['name', 'locationId', 'quantity', 'unit', 'notes'] as const;

function toFormValues(material: MaterialDto | null, scope: number | null): FormValues {
  return material
    ? {
        name: material.name,
        locationId: String(material.locationId),
        quantity: String(material.quantity),
        unit: material.unit,
        notes: material.notes ?? '',
      }
    : { name: '', locationId: scope ? String(scope) : '', quantity: '', unit: 'EACH', notes: '' };
}

/** Add Item and Edit Item: the status follows from the quantity, on the server as here. */
export function MaterialFormDialog({
  open,
  onOpenChange,
  material,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item to edit; null adds one. */
  material: MaterialDto | null;
}) {
  const editing = material !== null;
  const user = useSession()?.user;
  // A field manager adds and keeps items at their own location only.
  const scope = user ? ownLocation(user) : null;
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const locations = useLocationOptions('active');
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<
    FormValues,
    unknown,
    MaterialInput
  >({ resolver: schemaResolver(materialSchema), defaultValues: toFormValues(material, scope) });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(toFormValues(material, scope));
  }, [open, material, scope, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: material.id, input });
        notifyToast.success('Inventory item updated successfully.');
      } else {
        await create.mutateAsync(input);
        notifyToast.success('Inventory item added successfully.');
      }
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      notifyToast.error(
        serverMessage(error) ??
          (editing ? 'Failed to update inventory item.' : 'Failed to add inventory item.'),
      );
    }
  });

  const described = (field: keyof FormValues) =>
    controlProps(`material-${field}`, errors[field] !== undefined);

  const quantity = watch('quantity');
  const previewQuantity = quantity.trim() === '' ? Number.NaN : Number(quantity);
  const options = (locations.data ?? []).filter((option) => scope === null || option.id === scope);
  const missingCurrent = material && !options.some((option) => option.id === material.locationId);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? 'Edit Item' : 'Add Item'}
        description={
          editing ? 'Change this inventory item.' : 'Add an inventory item to a location.'
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id="material-name" label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...described('name')} {...register('name')} />
          </FormField>
          <FormField id="material-locationId" label="Location" error={errors.locationId?.message}>
            <LocationSelect
              {...described('locationId')}
              {...register('locationId')}
              id="material-locationId"
              state={locations}
              options={options}
              placeholder="Select location"
              before={
                missingCurrent ? (
                  <option value={material.locationId}>{material.location.name}</option>
                ) : null
              }
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="material-quantity" label="Quantity" error={errors.quantity?.message}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                {...described('quantity')}
                {...register('quantity')}
              />
            </FormField>
            <FormField id="material-unit" label="Unit" error={errors.unit?.message}>
              <Select {...described('unit')} {...register('unit')}>
                <option value="">Select unit</option>
                {MATERIAL_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {MATERIAL_UNIT_LABELS[unit]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            Status:{' '}
            {Number.isFinite(previewQuantity) && previewQuantity >= 0 ? (
              <MaterialStatusBadge status={materialStatus(previewQuantity)} />
            ) : (
              <span>follows from the quantity</span>
            )}
          </p>
          <FormField id="material-notes" label="Notes" error={errors.notes?.message}>
            <Textarea rows={3} {...described('notes')} {...register('notes')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Item' : 'Add Item'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
