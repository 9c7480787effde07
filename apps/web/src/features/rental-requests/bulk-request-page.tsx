import {
  type BulkRentalRequestInput,
  bulkRentalRequestSchema,
  DEFAULT_REQUEST_UNIT,
  localToday,
  RENTAL_REQUEST_MESSAGES as M,
  MAX_MATERIAL_OPTIONS,
  ownLocation,
  type RequestableMaterial,
} from '@stockyard/shared';
import { ArrowLeft, CheckCircle2, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LocationSelect } from '@/components/location-select';
import { MaterialSelect } from '@/components/material-select';
import { ScanToAdd } from '@/components/scanner/scan-to-add';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { controlProps, ErrorLine, FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Table, TD, TH, TR } from '@/components/ui/table';
import { useLocationOptions } from '@/hooks/use-location-options';
import { useSearchInput } from '@/hooks/use-search-input';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { KEPT_ON_DEVICE } from '@/lib/offline/device';
import { scannedTypeName } from '@/lib/scan-lookup';
import { NOT_A_MATERIAL_LABEL, readScan, type ScanOutcome } from '@/lib/scan-rules';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { requestableMaterials, useRequestableMaterials } from './api/get-requestable-materials';
import { useCreateRentalRequest } from './api/save-rental-request';

type ItemValues = {
  materialId: string;
  name: string;
  description: string;
  quantity: string;
  unit: string;
  /** The chosen material's location and stock as the picker said (shown, not sent). */
  source: string;
};
type FormValues = {
  locationId: string;
  requestedDate: string;
  returnDate: string;
  notes: string;
  items: ItemValues[];
};

const FIELDS = ['locationId', 'requestedDate', 'returnDate', 'notes', 'items'] as const;

const emptyItem = (): ItemValues => ({
  materialId: '',
  name: '',
  description: '',
  quantity: '1',
  unit: DEFAULT_REQUEST_UNIT,
  source: '',
});

function emptyForm(scope: number | null): FormValues {
  return {
    locationId: scope ? String(scope) : '',
    requestedDate: localToday(),
    returnDate: '',
    notes: '',
    items: [emptyItem()],
  };
}

// "The past" is before the browser's today.
const schema = bulkRentalRequestSchema(() => localToday());

/**
 * The bulk request (02 section 2.6): materials picked from the stock of any active location,
 * delivered to the request's location (a field manager's own).
 */
export default function BulkRequestPage() {
  const user = useSession()?.user;
  const scope = user ? ownLocation(user) : null;
  const create = useCreateRentalRequest();
  const locations = useLocationOptions('active');
  const [submitted, setSubmitted] = useState<number | null>(null);
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
  } = useForm<FormValues, unknown, BulkRentalRequestInput>({
    resolver: schemaResolver(schema),
    defaultValues: emptyForm(scope),
  });
  const { errors, isSubmitting } = formState;
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const [stockSearch, setStockSearch] = useState('');
  const searchBox = useSearchInput(stockSearch, (value) => setStockSearch(value));
  const materials = useRequestableMaterials(stockSearch);
  const items = watch('items');

  const described = (id: string, invalid: boolean) => controlProps(`bulk-${id}`, invalid);

  const pickMaterial = (index: number, value: string, found?: RequestableMaterial) => {
    const material = found ?? materials.data?.find((m) => String(m.id) === value);
    setValue(`items.${index}.materialId`, value, { shouldValidate: formState.isSubmitted });
    setValue(`items.${index}.name`, material?.name ?? '');
    setValue(`items.${index}.unit`, material?.unit ?? DEFAULT_REQUEST_UNIT);
    setValue(
      `items.${index}.source`,
      material
        ? `${material.name} (${material.quantity} available), ${material.location.name}`
        : '',
    );
  };

  // Scan to add: a label adds one to its material's line, or a line of 1 from the location that
  // holds the most of it.
  const onScan = async (text: string): Promise<ScanOutcome> => {
    const target = readScan(text);
    if (target?.kind !== 'material') return { ok: false, message: NOT_A_MATERIAL_LABEL };
    const name = await scannedTypeName(target.code);
    if (!name) return { ok: false, message: `Label ${target.code} is not in the catalogue` };
    const same = (other: string) => other.trim().toLowerCase() === name.trim().toLowerCase();
    const lines = getValues('items');
    const index = lines.findIndex((line) => line.materialId !== '' && same(line.name));
    if (index >= 0) {
      const quantity = (Number(lines[index]!.quantity) || 0) + 1;
      setValue(`items.${index}.quantity`, String(quantity));
      return { ok: true, message: `${name}: ${quantity}` };
    }
    const stock = (await requestableMaterials(name).catch(() => []))
      .filter((material) => same(material.name))
      .sort((a, b) => b.quantity - a.quantity)[0];
    if (!stock) return { ok: false, message: `${name} is in no location's stock` };
    const empty = lines.findIndex((line) => line.materialId === '' && line.name === '');
    const at = empty >= 0 ? empty : lines.length;
    if (empty < 0) append(emptyItem());
    pickMaterial(at, String(stock.id), stock);
    setValue(`items.${at}.quantity`, '1');
    return { ok: true, message: `${name}: 1, from ${stock.location.name}` };
  };

  const onSubmit = handleSubmit(async (input) => {
    if (!user) {
      notifyToast.error('Error', { description: M.noUser });
      return;
    }
    try {
      const outcome = await create.mutateAsync(input);
      if (outcome.kept) {
        notifyToast.info(KEPT_ON_DEVICE.title, { description: KEPT_ON_DEVICE.description });
      } else {
        notifyToast.success(M.submitted, { description: M.submittedText });
        setSubmitted(outcome.answer.data.id);
      }
      reset(emptyForm(scope));
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      notifyToast.error('Error', { description: M.submitFailed });
    }
  });

  const options = (locations.data ?? []).filter((option) => scope === null || option.id === scope);
  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  return (
    <div className="space-y-6">
      <Link to="/rental-requests" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Rental Requests
      </Link>
      <div>
        <h1 className="text-2xl font-semibold">Bulk Material Rental Request</h1>
        <p className="text-sm text-muted-foreground">
          Ask for several materials at once, from the stock of any location, delivered to the
          request's location. A material no location holds?{' '}
          <Link to="/inventory/rental-request" className="font-medium underline">
            Request it by name
          </Link>
          .
        </p>
      </div>

      {submitted !== null ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900 sm:flex-row sm:items-center dark:border-green-900 dark:bg-green-950/40 dark:text-green-200"
        >
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
          <p className="flex-1">
            Request #{submitted} submitted. {M.submittedText}{' '}
            <Link to={`/requests/${submitted}`} className="font-medium underline">
              View request
            </Link>
          </p>
          <Button variant="outline" size="sm" onClick={() => setSubmitted(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {locations.isError ? <ErrorLine>{M.loadFailed('locations')}</ErrorLine> : null}

      <Card className="p-4 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="bulk-locationId" label="Location" error={errors.locationId?.message}>
              {scope !== null ? (
                <Input
                  {...described('locationId', false)}
                  readOnly
                  value={user?.location?.name ?? 'Your location'}
                  className="bg-muted"
                />
              ) : (
                <LocationSelect
                  {...described('locationId', errors.locationId !== undefined)}
                  {...register('locationId')}
                  id="bulk-locationId"
                  state={locations}
                  options={options}
                  placeholder="Select location"
                />
              )}
            </FormField>
            <FormField id="bulk-returnDate" label="Return Date" error={errors.returnDate?.message}>
              <Controller
                control={control}
                name="returnDate"
                render={({ field }) => (
                  <DateInput
                    {...described('returnDate', errors.returnDate !== undefined)}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </FormField>
            <FormField id="bulk-requestedDate" label="Request Date">
              <Input
                id="bulk-requestedDate"
                readOnly
                value={formatDate(watch('requestedDate'))}
                className="bg-muted"
              />
            </FormField>
          </div>
          <FormField id="bulk-notes" label="Notes" error={errors.notes?.message}>
            <Textarea
              rows={3}
              {...described('notes', errors.notes !== undefined)}
              {...register('notes')}
            />
          </FormField>

          <section aria-labelledby="bulk-materials" className="space-y-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="bulk-materials" className="text-lg font-semibold">
                Materials
              </h2>
              <Button variant="outline" size="sm" onClick={() => append(emptyItem())}>
                <Plus className="h-4 w-4" aria-hidden />
                Add Material
              </Button>
            </div>
            <div className="relative sm:max-w-sm">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Find stock"
                placeholder="Find stock by material name"
                className="pl-9"
                value={searchBox.text}
                onChange={(event) => searchBox.setText(event.target.value)}
              />
            </div>
            {materials.isError ? (
              <ErrorLine>{M.loadFailed('materials')}</ErrorLine>
            ) : (materials.data?.length ?? 0) >= MAX_MATERIAL_OPTIONS ? (
              <p className="text-sm text-muted-foreground">
                Showing the first {MAX_MATERIAL_OPTIONS} materials: find stock by name to see
                others.
              </p>
            ) : null}
            <ScanToAdd onScan={onScan} />
            {/* On a phone each material is a card: its fields one under another, named above. */}
            <Table aria-label="Requested materials" className="max-sm:block">
              <thead className="border-b border-border bg-muted/50 max-sm:hidden">
                <TR>
                  <TH className="min-w-48">Material</TH>
                  <TH className="min-w-40">Description</TH>
                  <TH className="w-28">Quantity</TH>
                  <TH className="w-24">Unit</TH>
                  <TH className="w-12">
                    <span className="sr-only">Remove</span>
                  </TH>
                </TR>
              </thead>
              <tbody className="divide-y divide-border max-sm:block">
                {fields.map((field, index) => {
                  const itemErrors = errors.items?.[index];
                  const row = index + 1;
                  const chosen = items[index]?.materialId ?? '';
                  return (
                    <TR
                      key={field.id}
                      className="max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] max-sm:gap-x-2 max-sm:gap-y-3 max-sm:py-3"
                    >
                      <TD className={cn(cellClass, 'max-sm:col-span-3')}>
                        <PhoneLabel>Material</PhoneLabel>
                        <MaterialSelect
                          {...described(
                            `items-${index}-materialId`,
                            itemErrors?.materialId !== undefined,
                          )}
                          aria-label={`Material ${row}`}
                          value={chosen}
                          disabled={materials.isPending}
                          onChange={(event) => pickMaterial(index, event.target.value)}
                          // A failed search offers nothing: 'No stock found'.
                          state={materials.isPending ? 'loading' : 'ready'}
                          materials={materials.data ?? []}
                          // Grouped by the location that holds the stock.
                          groupOf={(material) => material.location}
                          optionText={(material) =>
                            `${material.name} (${material.quantity} available)`
                          }
                          emptyText="No stock found"
                          chosen={{ id: chosen, name: items[index]?.source ?? '' }}
                        />
                        <FieldError
                          id={`bulk-items-${index}-materialId`}
                          message={itemErrors?.materialId?.message ?? itemErrors?.name?.message}
                        />
                      </TD>
                      <TD className={cn(cellClass, 'max-sm:col-span-3')}>
                        <PhoneLabel>Description</PhoneLabel>
                        <Input
                          aria-label={`Description ${row}`}
                          autoComplete="off"
                          {...register(`items.${index}.description`)}
                        />
                        <FieldError
                          id={`bulk-items-${index}-description`}
                          message={itemErrors?.description?.message}
                        />
                      </TD>
                      <TD className={cellClass}>
                        <PhoneLabel>Quantity</PhoneLabel>
                        <Input
                          {...described(
                            `items-${index}-quantity`,
                            itemErrors?.quantity !== undefined,
                          )}
                          aria-label={`Quantity ${row}`}
                          inputMode="numeric"
                          autoComplete="off"
                          {...register(`items.${index}.quantity`)}
                        />
                        <FieldError
                          id={`bulk-items-${index}-quantity`}
                          message={itemErrors?.quantity?.message}
                        />
                      </TD>
                      <TD className={cellClass}>
                        <PhoneLabel>Unit</PhoneLabel>
                        <Input
                          aria-label={`Unit ${row}`}
                          readOnly
                          className="bg-muted"
                          value={items[index]?.unit ?? DEFAULT_REQUEST_UNIT}
                        />
                      </TD>
                      <TD className={cn(cellClass, 'max-sm:self-end')}>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-destructive hover:text-destructive"
                          aria-label={`Remove material ${row}`}
                          onClick={() => remove(index)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </Button>
                      </TD>
                    </TR>
                  );
                })}
              </tbody>
            </Table>
            <ErrorLine>{itemsError}</ErrorLine>
          </section>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => reset(emptyForm(scope))}>
              Reset Form
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Submitting...' : 'Submit Request'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

const cellClass = 'align-top max-sm:block max-sm:p-0';

/** A field's name above it on a phone, where the table's header is hidden. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span className="mb-1 block text-xs font-medium text-muted-foreground sm:hidden" aria-hidden>
      {children}
    </span>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-destructive">
      {message}
    </p>
  ) : null;
}
