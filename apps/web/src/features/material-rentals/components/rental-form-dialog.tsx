import {
  type LocationOption,
  localToday,
  type MaterialOption,
  RENTAL_MESSAGES,
  RENTAL_STATUS_LABELS,
  RENTAL_STATUSES,
  type RentalDto,
  type RentalInput,
  rentalFormSchema,
  rentalName,
  rentalRefusals,
} from '@stockyard/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Controller, type Path, useFieldArray, useForm } from 'react-hook-form';
import { LocationSelect } from '@/components/location-select';
import { MaterialSelect, optionsState } from '@/components/material-select';
import { TotalWeight, typedQuantity } from '@/components/total-weight';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, ErrorLine, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';
import { useMaterialOptions } from '@/hooks/use-material-options';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { notifyToast } from '@/lib/toast';
import { useSaveRental } from '../api/rental-mutations';
import { unitLabel } from './units';

type ItemValues = {
  materialId: string;
  quantity: string;
  unit: string;
  materialName: string;
  /** A request's material name, matched by name in the From location's materials (not sent). */
  wanted: string;
};
export type RentalFormValues = {
  fromLocationId: string;
  toLocationId: string;
  /** The day the material left: today unless it went out earlier. */
  rentalDate: string;
  expectedReturnDate: string;
  status: string;
  notes: string;
  /** The dispatch's vehicle and driver, on its delivery note; a new rental's only. */
  vehicle: string;
  driver: string;
  items: ItemValues[];
};

/**
 * What a new rental starts from, e.g. an approved rental request: its source, its delivery
 * location, its items (a material of the source, or a name to find there), return date and notes.
 */
export type RentalPrefill = {
  fromLocationId?: number;
  toLocationId?: number;
  expectedReturnDate?: string;
  notes?: string;
  requestId?: number;
  items?: { materialId?: number; materialName: string; unit?: string; quantity: number }[];
};

const FIELDS = [
  'fromLocationId',
  'toLocationId',
  'rentalDate',
  'expectedReturnDate',
  'status',
  'notes',
  'vehicle',
  'driver',
  'items',
];

/** A new item: no material yet, quantity 1 (03 section 2.9). */
const newItem = (): ItemValues => ({
  materialId: '',
  quantity: '1',
  unit: '',
  materialName: '',
  wanted: '',
});

function toFormValues(rental: RentalDto | null, prefill?: RentalPrefill): RentalFormValues {
  if (rental) {
    return {
      fromLocationId: String(rental.fromLocationId),
      toLocationId: String(rental.toLocationId),
      rentalDate: rental.rentalDate,
      expectedReturnDate: rental.expectedReturnDate.slice(0, 10),
      status: rental.status,
      notes: rental.notes ?? '',
      vehicle: '',
      driver: '',
      items: rental.items.map((item) => ({
        materialId: String(item.materialId),
        quantity: String(item.quantity),
        unit: item.unit,
        materialName: item.materialName,
        wanted: '',
      })),
    };
  }
  const items = (prefill?.items ?? []).map((item) =>
    item.materialId
      ? {
          ...newItem(),
          materialId: String(item.materialId),
          materialName: item.materialName,
          unit: item.unit ?? '',
          quantity: String(item.quantity),
        }
      : { ...newItem(), quantity: String(item.quantity), wanted: item.materialName },
  );
  return {
    fromLocationId: prefill?.fromLocationId ? String(prefill.fromLocationId) : '',
    toLocationId: prefill?.toLocationId ? String(prefill.toLocationId) : '',
    rentalDate: localToday(),
    expectedReturnDate: prefill?.expectedReturnDate ?? '',
    status: 'ACTIVE',
    notes: prefill?.notes ?? '',
    vehicle: '',
    driver: '',
    items: items.length > 0 ? items : [newItem()],
  };
}

/** The material option's text: 'name (Stock: qty unit)' (03 section 2.9). */
function materialOptionText(option: MaterialOption): string {
  return `${option.name} (Stock: ${option.quantity} ${unitLabel(option.unit)})`;
}

/** Locations of the select, with the record's own first when it is no longer offered. */
function withCurrent(options: readonly LocationOption[], id: number | undefined, name?: string) {
  if (id === undefined || options.some((option) => option.id === id)) return null;
  return <option value={id}>{name ?? `Location ${id}`}</option>;
}

/** Assign New Rental and Edit Details (03 section 2.9, 02 section 5). */
export function RentalFormDialog({
  open,
  onOpenChange,
  rental,
  prefill,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rental to edit; null assigns a new one. */
  rental: RentalDto | null;
  prefill?: RentalPrefill;
  onSaved?: (rental: RentalDto) => void;
}) {
  const editing = rental !== null;
  // What the server takes, by its own rule: once something has come back, or the rental is
  // returned or written off, the From location and the items stay as they are; a returned or
  // written-off rental keeps its status. The destination, date and notes can always change.
  const refusals = editing ? rentalRefusals(rental) : null;
  const locked = refusals?.items != null;
  const statusLocked = refusals?.status != null;
  const save = useSaveRental();
  const locations = useLocationOptions('active');
  const resolver = useMemo(
    () =>
      schemaResolver<RentalFormValues, RentalInput>(
        rentalFormSchema(localToday(), rental?.expectedReturnDate.slice(0, 10) ?? null),
      ),
    [rental],
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState,
  } = useForm<RentalFormValues, unknown, RentalInput>({
    resolver,
    defaultValues: toFormValues(rental, prefill),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(toFormValues(rental, prefill));
  }, [open, rental, prefill, reset]);

  const fromLocationId = Number(watch('fromLocationId')) || null;
  const materials = useMaterialOptions(fromLocationId);
  const items = watch('items');

  // A request's items find their material (or the From location's of the same name) once the
  // list is there.
  const options = materials.data;
  useEffect(() => {
    if (!options) return;
    getValues('items').forEach((item, index) => {
      // A material filled in before its option was there (a request's) lands on it now.
      if (item.materialId !== '' && options.some((o) => String(o.id) === item.materialId)) {
        setValue(`items.${index}.materialId`, item.materialId);
        return;
      }
      if (item.materialId !== '' || item.wanted.trim() === '') return;
      const wanted = item.wanted.trim().toLowerCase();
      const match = options.find((option) => option.name.trim().toLowerCase() === wanted);
      if (!match) return;
      setValue(`items.${index}.materialId`, String(match.id));
      setValue(`items.${index}.unit`, match.unit);
      setValue(`items.${index}.materialName`, match.name);
    });
  }, [options, getValues, setValue]);

  /** Another From location offers other materials: the items' choices start again. */
  const onFromChange = () => {
    items.forEach((_, index) => {
      setValue(`items.${index}.materialId`, '');
      setValue(`items.${index}.unit`, '');
      setValue(`items.${index}.materialName`, '');
    });
  };
  /** The unit and name follow the chosen material; the unit is not typed. */
  const onMaterialChange = (index: number, materialId: string) => {
    const option = materials.data?.find((candidate) => String(candidate.id) === materialId);
    setValue(`items.${index}.unit`, option?.unit ?? '', { shouldValidate: formState.isSubmitted });
    setValue(`items.${index}.materialName`, option?.name ?? '');
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      const body = editing ? input : { ...input, requestId: prefill?.requestId };
      const { data } = await save.mutateAsync({ id: rental?.id ?? null, input: body });
      notifyToast.success(editing ? RENTAL_MESSAGES.updated : RENTAL_MESSAGES.created);
      onSaved?.(data);
      onOpenChange(false);
    } catch (error) {
      let placed = false;
      if (error instanceof ApiError) {
        for (const { path, message } of error.errors) {
          if (FIELDS.includes(path.split('.')[0] ?? '')) {
            setError(path as Path<RentalFormValues>, { type: 'server', message });
            placed = true;
          }
        }
      }
      const message =
        serverMessage(error) ?? (editing ? 'Failed to update rental.' : 'Failed to create rental.');
      if (!placed) setError('root.server', { message });
      notifyToast.error(message);
    }
  });

  // The weight of the chosen materials; one no longer offered (an edited rental's) is unknown.
  const weightLines = items
    .filter((item) => item.materialId !== '')
    .map((item) => ({
      quantity: typedQuantity(item.quantity),
      weightKg: options?.find((option) => String(option.id) === item.materialId)?.weightKg ?? null,
    }));

  const described = (field: string, invalid: boolean) =>
    controlProps(`rental-${field.replaceAll('.', '-')}`, invalid);
  const locationOptions = locations.data ?? [];
  const itemsError = errors.items?.root?.message ?? errors.items?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? `Edit ${rentalName(rental)}` : 'Add Rental'}
        description={
          editing
            ? `Change ${rentalName(rental)}, from ${rental.fromLocation.name} to ${rental.toLocation.name}.`
            : 'Send material from one location to another. Its stock leaves the From location.'
        }
        className="max-w-2xl"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="rental-fromLocationId"
              label="From Location"
              error={errors.fromLocationId?.message}
            >
              <LocationSelect
                {...described('fromLocationId', errors.fromLocationId !== undefined)}
                {...register('fromLocationId', { onChange: onFromChange })}
                id="rental-fromLocationId"
                disabled={locked}
                state={locations}
                options={locationOptions}
                placeholder="Select location"
                before={withCurrent(
                  locationOptions,
                  rental?.fromLocationId,
                  rental?.fromLocation.name,
                )}
              />
            </FormField>
            <FormField
              id="rental-toLocationId"
              label="Rented To Location"
              error={errors.toLocationId?.message}
            >
              <LocationSelect
                {...described('toLocationId', errors.toLocationId !== undefined)}
                {...register('toLocationId')}
                id="rental-toLocationId"
                state={locations}
                options={locationOptions}
                placeholder="Select location"
                before={withCurrent(
                  locationOptions,
                  rental?.toLocationId ?? prefill?.toLocationId,
                  rental?.toLocation.name,
                )}
              />
            </FormField>
            <FormField
              id="rental-rentalDate"
              label="Dispatch Date"
              error={errors.rentalDate?.message}
            >
              {/* The day it went out; an admin corrects it later with a reason. */}
              <Controller
                control={control}
                name="rentalDate"
                render={({ field }) => (
                  <DateInput
                    {...described('rentalDate', errors.rentalDate !== undefined)}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={editing}
                  />
                )}
              />
            </FormField>
            <FormField
              id="rental-expectedReturnDate"
              label="Expected Return Date"
              error={errors.expectedReturnDate?.message}
            >
              <Controller
                control={control}
                name="expectedReturnDate"
                render={({ field }) => (
                  <DateInput
                    {...described('expectedReturnDate', errors.expectedReturnDate !== undefined)}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </FormField>
            <FormField id="rental-status" label="Status" error={errors.status?.message}>
              {/* A new rental is Active; the status changes only when editing, and only while
                  the rental is open: a returned one offers its own status alone. */}
              <Select
                {...described('status', errors.status !== undefined)}
                {...register('status')}
                {...(statusLocked ? { 'aria-describedby': 'rental-status-locked' } : {})}
                disabled={!editing || statusLocked}
              >
                {RENTAL_STATUSES.filter((value) => !statusLocked || value === rental?.status).map(
                  (value) => (
                    <option key={value} value={value}>
                      {RENTAL_STATUS_LABELS[value]}
                    </option>
                  ),
                )}
              </Select>
              {statusLocked ? (
                <p id="rental-status-locked" className="text-xs text-muted-foreground">
                  {refusals?.status}
                </p>
              ) : null}
            </FormField>
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">Items</legend>
            {fields.map((field, index) => {
              const itemErrors = errors.items?.[index];
              const chosen = items[index]?.materialId ?? '';
              return (
                <fieldset
                  key={field.id}
                  aria-label={`Item ${index + 1}`}
                  className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[1fr_6rem_6rem_auto] sm:items-start"
                >
                  <FormField
                    id={`rental-items-${index}-materialId`}
                    label="Material"
                    error={itemErrors?.materialId?.message}
                  >
                    <MaterialSelect
                      {...described(`items.${index}.materialId`, !!itemErrors?.materialId)}
                      {...register(`items.${index}.materialId`, {
                        onChange: (event) => onMaterialChange(index, event.target.value),
                      })}
                      disabled={fromLocationId === null || locked}
                      state={optionsState(materials, fromLocationId === null)}
                      materials={materials.data ?? []}
                      optionText={materialOptionText}
                      idleText="Select a From location first"
                      emptyText="No materials at this location"
                      chosen={{ id: chosen, name: items[index]?.materialName ?? '' }}
                    />
                    {chosen === '' && items[index]?.wanted ? (
                      <p className="text-xs text-muted-foreground">
                        Requested: {items[index]?.wanted}
                      </p>
                    ) : null}
                  </FormField>
                  <FormField
                    id={`rental-items-${index}-quantity`}
                    label="Quantity"
                    error={itemErrors?.quantity?.message}
                  >
                    <Input
                      inputMode="numeric"
                      autoComplete="off"
                      {...described(`items.${index}.quantity`, !!itemErrors?.quantity)}
                      {...register(`items.${index}.quantity`)}
                      readOnly={locked}
                    />
                  </FormField>
                  <FormField
                    id={`rental-items-${index}-unit`}
                    label="Unit"
                    error={itemErrors?.unit?.message}
                  >
                    <Input
                      {...described(`items.${index}.unit`, !!itemErrors?.unit)}
                      readOnly
                      tabIndex={-1}
                      className="bg-muted"
                      value={unitLabel(items[index]?.unit ?? '')}
                    />
                  </FormField>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="self-end text-destructive hover:text-destructive sm:mt-7"
                    aria-label={`Remove item ${index + 1}`}
                    disabled={locked}
                    onClick={() => remove(index)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </fieldset>
              );
            })}
            <ErrorLine>{itemsError}</ErrorLine>
            {locked ? <p className="text-sm text-muted-foreground">{refusals?.items}</p> : null}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={locked}
                onClick={() => append(newItem())}
              >
                <Plus className="h-4 w-4" aria-hidden />
                Add Item
              </Button>
              <TotalWeight lines={weightLines} />
            </div>
          </fieldset>

          {editing ? null : (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="rental-vehicle" label="Vehicle" error={errors.vehicle?.message}>
                <Input
                  autoComplete="off"
                  {...described('vehicle', errors.vehicle !== undefined)}
                  {...register('vehicle')}
                />
              </FormField>
              <FormField id="rental-driver" label="Driver" error={errors.driver?.message}>
                <Input
                  autoComplete="off"
                  {...described('driver', errors.driver !== undefined)}
                  {...register('driver')}
                />
              </FormField>
            </div>
          )}
          <FormField id="rental-notes" label="Notes" error={errors.notes?.message}>
            <Textarea
              rows={3}
              {...described('notes', errors.notes !== undefined)}
              {...register('notes')}
            />
          </FormField>
          <ErrorLine>{errors.root?.server?.message}</ErrorLine>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Rental' : 'Create Rental'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
