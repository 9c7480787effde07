import type { MaterialOption } from '@stockyard/shared';
import {
  INVOICE_UOMS,
  type InvoiceInput,
  JOB_TYPES,
  uomDimensions,
  volumeTotalsByUom,
} from '@stockyard/shared';
import { ChevronDown, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import type { MaterialOptionsState } from '@/components/material-select';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Input, Select } from '@/components/ui/input';
import {
  blankItem,
  calculatedQuantity,
  formatQuantity,
  type InvoiceFormValues,
} from '../invoice-form';
import { ItemCell } from './item-cell';
import { MaterialUsageTable } from './material-usage-table';

type InvoiceForm = UseFormReturn<InvoiceFormValues, unknown, InvoiceInput>;

const DIMENSIONS = [
  ['length', 'L', 'Length'],
  ['width', 'W', 'Width'],
  ['height', 'H', 'Height'],
] as const;

/**
 * The items step (02 section 2.2): one row per item, its calculated quantity and the volume total
 * of each unit present following what is typed, and each item's Material Usage table behind a
 * toggle. The spec's grand total added m², m³ and running metres together; decision 044 shows one
 * total a unit instead.
 */
export function InvoiceItemsEditor({
  form,
  materials,
  materialsState,
}: {
  form: InvoiceForm;
  materials: readonly MaterialOption[];
  materialsState: MaterialOptionsState;
}) {
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' }) ?? [];
  const volumeTotals = volumeTotalsByUom(
    items.map((item) => ({ uom: item.uom, itemTotalCalculatedQuantity: calculatedQuantity(item) })),
  );

  return (
    <div className="space-y-4">
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm max-2xl:block" aria-label="Invoice items">
          <thead className="border-b border-border bg-muted/50 text-left text-xs text-muted-foreground max-2xl:hidden">
            <tr>
              <th className="px-1.5 py-2 font-medium">Location</th>
              <th className="px-1.5 py-2 font-medium">Item Date</th>
              <th className="px-1.5 py-2 font-medium">Description</th>
              <th className="px-1.5 py-2 font-medium">Job Type</th>
              <th className="px-1.5 py-2 font-medium">UOM</th>
              <th className="px-1.5 py-2 font-medium">Measure</th>
              <th className="px-1.5 py-2 font-medium">L</th>
              <th className="px-1.5 py-2 font-medium">W</th>
              <th className="px-1.5 py-2 font-medium">H</th>
              <th className="px-1.5 py-2 font-medium">Qty</th>
              <th className="px-1.5 py-2 font-medium">Calc. Volume Qty</th>
              <th className="px-1.5 py-2 font-medium">Remark</th>
              <th className="px-1.5 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          {fields.map((field, index) => (
            <ItemRows
              key={field.id}
              form={form}
              index={index}
              materials={materials}
              materialsState={materialsState}
              onRemove={() => remove(index)}
            />
          ))}
        </table>
      </div>
      {fields.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">No items yet.</p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" onClick={() => append(blankItem(), { shouldFocus: false })}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Item
        </Button>
        {/* One total a unit: volumes of different units are never added together. */}
        <ul aria-label="Volume totals" className="space-y-1 text-base sm:text-right">
          {volumeTotals.map((total) => (
            <li key={total.uom}>
              <span className="font-semibold">Total {total.uom}: </span>
              <output aria-label={`Total ${total.uom}`} className="font-bold tabular-nums">
                {formatQuantity(total.quantity)}
              </output>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function ItemRows({
  form,
  index,
  materials,
  materialsState,
  onRemove,
}: {
  form: InvoiceForm;
  index: number;
  materials: readonly MaterialOption[];
  materialsState: MaterialOptionsState;
  onRemove: () => void;
}) {
  const { control, register, setValue, formState } = form;
  const [usageOpen, setUsageOpen] = useState(false);
  const item = useWatch({ control, name: `items.${index}` });
  const usageCount = item?.materialUsages?.length ?? 0;
  const shown = uomDimensions(item?.uom ?? '');
  const errors = formState.errors.items?.[index];
  const n = index + 1;
  const path = `items.${index}` as const;
  const invalid = (key: keyof NonNullable<typeof errors>) => (errors?.[key] ? true : undefined);
  const usageErrors = errors?.materialUsages;
  // A usage the check refused is shown, not left behind a closed toggle.
  useEffect(() => {
    if (usageErrors) setUsageOpen(true);
  }, [usageErrors]);

  return (
    <tbody className="border-b border-border max-2xl:mb-4 max-2xl:block max-2xl:rounded-lg max-2xl:border">
      <tr className="max-2xl:grid max-2xl:grid-cols-2 max-2xl:gap-3 max-2xl:p-3 sm:max-2xl:grid-cols-4 lg:max-2xl:grid-cols-6">
        <ItemCell label="Location" error={errors?.location?.message}>
          <Input
            autoComplete="off"
            className="2xl:min-w-28"
            placeholder="Sub location"
            aria-label={`Item ${n} Location`}
            aria-invalid={invalid('location')}
            {...register(`${path}.location`)}
          />
        </ItemCell>
        <ItemCell label="Item Date" error={errors?.item_date?.message}>
          <Controller
            control={control}
            name={`${path}.item_date`}
            render={({ field }) => (
              <DateInput
                className="2xl:min-w-28"
                aria-label={`Item ${n} Date`}
                aria-invalid={invalid('item_date')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </ItemCell>
        <ItemCell
          label="Description"
          className="max-2xl:col-span-2"
          error={errors?.job_description?.message}
        >
          <Input
            autoComplete="off"
            className="2xl:min-w-36"
            aria-label={`Item ${n} Description`}
            aria-invalid={invalid('job_description')}
            {...register(`${path}.job_description`)}
          />
        </ItemCell>
        <ItemCell label="Job Type" error={errors?.job_type?.message}>
          <Select
            aria-label={`Item ${n} Job Type`}
            className="2xl:min-w-28"
            {...register(`${path}.job_type`)}
          >
            {JOB_TYPES.map((jobType) => (
              <option key={jobType} value={jobType}>
                {jobType}
              </option>
            ))}
          </Select>
        </ItemCell>
        {/* Two columns of a card: the longest unit, CUM (M3) (18-24m), is read whole. */}
        <ItemCell label="UOM" className="max-2xl:col-span-2" error={errors?.uom?.message}>
          <Select
            aria-label={`Item ${n} UOM`}
            className="2xl:min-w-48"
            {...register(`${path}.uom`, {
              onChange: (event) => {
                // A dimension the unit does not use is hidden, and counts for nothing.
                const uses = uomDimensions(event.target.value);
                if (!uses.width) setValue(`${path}.width`, '0');
                if (!uses.height) setValue(`${path}.height`, '0');
              },
            })}
          >
            {INVOICE_UOMS.map((uom) => (
              <option key={uom} value={uom}>
                {uom}
              </option>
            ))}
          </Select>
        </ItemCell>
        <ItemCell label="Measure">
          <Input
            readOnly
            tabIndex={-1}
            value="L*H*W"
            aria-label={`Item ${n} Measure`}
            className="bg-muted 2xl:w-20"
          />
        </ItemCell>
        {DIMENSIONS.map(([key, short, label]) => (
          <ItemCell
            key={key}
            label={short}
            error={errors?.[key]?.message}
            className={shown[key] ? undefined : 'max-2xl:hidden'}
          >
            {shown[key] ? (
              <Input
                inputMode="decimal"
                autoComplete="off"
                className="2xl:w-20"
                aria-label={`Item ${n} ${label}`}
                aria-invalid={invalid(key)}
                {...register(`${path}.${key}`)}
              />
            ) : (
              <span
                className="block px-3 py-2 text-muted-foreground"
                title={`Not used for ${item?.uom}`}
              >
                -
              </span>
            )}
          </ItemCell>
        ))}
        <ItemCell label="Qty" error={errors?.quantity?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            className="2xl:w-20"
            aria-label={`Item ${n} Quantity`}
            aria-invalid={invalid('quantity')}
            {...register(`${path}.quantity`)}
          />
        </ItemCell>
        <ItemCell label="Calc. Volume Qty">
          <output
            aria-label={`Item ${n} Calculated Quantity`}
            className="block px-1 py-2 font-semibold tabular-nums"
          >
            {formatQuantity(item ? calculatedQuantity(item) : 0)}
          </output>
        </ItemCell>
        <ItemCell label="Remark" className="max-2xl:col-span-2" error={errors?.remark?.message}>
          <Input
            autoComplete="off"
            className="2xl:min-w-28"
            aria-label={`Item ${n} Remark`}
            aria-invalid={invalid('remark')}
            {...register(`${path}.remark`)}
          />
        </ItemCell>
        <ItemCell label="Actions" className="max-2xl:col-span-full">
          <div className="flex items-center gap-1 2xl:justify-end">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={usageOpen}
              aria-label={`Material Usage for item ${n}`}
              onClick={() => setUsageOpen((open) => !open)}
            >
              {usageOpen ? (
                <ChevronDown className="h-4 w-4" aria-hidden />
              ) : (
                <ChevronRight className="h-4 w-4" aria-hidden />
              )}
              <span className="whitespace-nowrap">Usage ({usageCount})</span>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="text-destructive hover:text-destructive"
              aria-label={`Delete item ${n}`}
              onClick={onRemove}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        </ItemCell>
      </tr>
      {usageOpen ? (
        <tr className="max-2xl:block">
          <td colSpan={13} className="px-1.5 pb-3 max-2xl:block max-2xl:px-3">
            <MaterialUsageTable
              form={form}
              itemIndex={index}
              materials={materials}
              materialsState={materialsState}
            />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
