import {
  MATERIAL_UNIT_LABELS,
  MATERIAL_UNITS,
  type MaterialDto,
  type MaterialInput,
  type MaterialTypeOption,
  type MaterialUnit,
  materialSchema,
  materialStatus,
  ownLocation,
  weightLabel,
} from '@stockyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { LocationSelect } from '@/components/location-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useCatalogueOptions } from '@/hooks/use-catalogue-options';
import { useLocationOptions } from '@/hooks/use-location-options';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useCan, useSession } from '@/lib/session';
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

function findType(types: readonly MaterialTypeOption[] | undefined, name: string) {
  const wanted = name.trim().toLowerCase();
  return wanted === '' ? undefined : types?.find((type) => type.name.toLowerCase() === wanted);
}

/** "In the catalogue: Item No. SC-48, 4.5 kg each, counted in Each." */
function catalogueText(type: MaterialTypeOption): string {
  const facts = [
    type.itemNumber ? `Item No. ${type.itemNumber}` : null,
    type.weightKg === null ? null : `${weightLabel({ kg: type.weightKg, unknown: false })} each`,
    `counted in ${MATERIAL_UNIT_LABELS[type.unit as MaterialUnit] ?? type.unit}`,
  ];
  return `In the catalogue: ${facts.filter(Boolean).join(', ')}.`;
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
  const can = useCan();
  const catalogue = useCatalogueOptions(open && can('GET /api/catalogue/options'));
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = useForm<
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

  // A name of the catalogue (whatever its case) is stock of that type, counted in its unit; any
  // other name is added to the catalogue as it is saved.
  const name = watch('name');
  const known = findType(catalogue.data, name);
  const onNameChange = (typed: string) => {
    const type = findType(catalogue.data, typed);
    if (type) setValue('unit', type.unit, { shouldValidate: formState.isSubmitted });
  };

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
            <Input
              autoComplete="off"
              list="material-name-catalogue"
              {...described('name')}
              {...register('name', { onChange: (event) => onNameChange(event.target.value) })}
            />
            <datalist id="material-name-catalogue">
              {(catalogue.data ?? []).map((type) => (
                <option key={type.id} value={type.name}>
                  {type.itemNumber ?? undefined}
                </option>
              ))}
            </datalist>
            {name.trim().length >= 2 && catalogue.data ? (
              <p
                className="text-xs text-muted-foreground"
                data-testid="material-name-catalogue-hint"
              >
                {known
                  ? catalogueText(known)
                  : 'Not an active name of the catalogue: a new name is added to it as you save.'}
              </p>
            ) : null}
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
