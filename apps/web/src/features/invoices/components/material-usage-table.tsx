import type { MaterialOption } from '@stockyard/shared';
import {
  INVOICE_MESSAGES,
  type InvoiceInput,
  labelOf,
  USAGE_TYPE_LABELS,
  USAGE_TYPES,
  type UsageType,
} from '@stockyard/shared';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { type MaterialOptionsState, MaterialSelect } from '@/components/material-select';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { notifyToast } from '@/lib/toast';
import { blankUsage, type InvoiceFormValues, typedNumber } from '../invoice-form';

type InvoiceForm = UseFormReturn<InvoiceFormValues, unknown, InvoiceInput>;

/**
 * The materials an item's job used: a quantity (QTY) or a size (L/W/H). A quantity above the
 * material's stock is refused with the shared message and the field keeps its last value.
 */
export function MaterialUsageTable({
  form,
  itemIndex,
  materials,
  materialsState,
}: {
  form: InvoiceForm;
  itemIndex: number;
  materials: readonly MaterialOption[];
  materialsState: MaterialOptionsState;
}) {
  const { control, register, setValue, getValues, formState } = form;
  const { fields, append, remove } = useFieldArray({
    control,
    name: `items.${itemIndex}.materialUsages`,
  });
  const usages = useWatch({ control, name: `items.${itemIndex}.materialUsages` }) ?? [];
  const errors = formState.errors.items?.[itemIndex]?.materialUsages;
  const item = itemIndex + 1;

  const stockOf = (materialId: string) =>
    materials.find((material) => String(material.id) === materialId)?.quantity;

  /** Whether a quantity fits the material's stock; if not, says so and refuses it. */
  const fitsStock = (materialId: string, quantity: string) => {
    const stock = stockOf(materialId);
    if (stock === undefined || typedNumber(quantity) <= stock) return true;
    notifyToast.error(INVOICE_MESSAGES.usageExceedsStock(stock), { id: 'usage-stock' });
    return false;
  };

  const switchType = (usageIndex: number, usageType: UsageType) => {
    const path = `items.${itemIndex}.materialUsages.${usageIndex}` as const;
    setValue(`${path}.usageType`, usageType);
    // The other kind of measure no longer applies (02 section 5).
    if (usageType === 'QTY') {
      for (const field of ['length', 'width', 'height'] as const) setValue(`${path}.${field}`, '0');
    } else {
      setValue(`${path}.quantity`, '0');
    }
  };

  return (
    <div className="space-y-2 rounded-md border border-border bg-muted/30 p-3">
      <p className="text-sm font-semibold">Material Usage</p>
      {fields.length === 0 ? (
        <p className="text-xs text-muted-foreground">No materials recorded for this item.</p>
      ) : (
        <table
          className="w-full text-sm max-md:block"
          aria-label={`Material usage for item ${item}`}
        >
          <thead className="text-left text-xs text-muted-foreground max-md:hidden">
            <tr>
              <th className="px-1.5 py-1 font-medium">Material</th>
              <th className="px-1.5 py-1 font-medium">Usage Type</th>
              <th className="px-1.5 py-1 font-medium">Qty or L/W/H</th>
              <th className="px-1.5 py-1 font-medium">Notes</th>
              <th className="px-1.5 py-1">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-md:block max-md:space-y-3">
            {fields.map((field, usageIndex) => {
              const path = `items.${itemIndex}.materialUsages.${usageIndex}` as const;
              const usage = usages[usageIndex];
              const name = `Item ${item} usage ${usageIndex + 1}`;
              const usageErrors = errors?.[usageIndex];
              return (
                <tr
                  key={field.id}
                  className="align-top max-md:grid max-md:gap-2 max-md:rounded-md max-md:border max-md:border-border max-md:p-2"
                >
                  <td className="px-1.5 py-1 max-md:p-0">
                    <Controller
                      control={control}
                      name={`${path}.materialId`}
                      render={({ field: select }) => (
                        <MaterialSelect
                          aria-label={`${name} Material`}
                          aria-invalid={usageErrors?.materialId ? true : undefined}
                          className="min-w-40"
                          value={select.value}
                          onBlur={select.onBlur}
                          onChange={(event) => {
                            const materialId = event.target.value;
                            select.onChange(materialId);
                            const quantity = getValues(`${path}.quantity`);
                            if (
                              getValues(`${path}.usageType`) === 'QTY' &&
                              !fitsStock(materialId, quantity)
                            ) {
                              setValue(`${path}.quantity`, '0');
                            }
                          }}
                          state={materialsState}
                          materials={materials}
                          optionText={(material) =>
                            `${material.name} (${material.quantity} ${labelOf(material.unit)})`
                          }
                          idleText="Choose the invoice location first"
                          emptyText="No materials at this location"
                        />
                      )}
                    />
                    {usageErrors?.materialId ? (
                      <span role="alert" className="mt-1 block text-xs text-destructive">
                        {usageErrors.materialId.message}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-1.5 py-1 max-md:p-0">
                    <Select
                      aria-label={`${name} Usage Type`}
                      className="min-w-32"
                      value={usage?.usageType ?? 'QTY'}
                      onChange={(event) => switchType(usageIndex, event.target.value as UsageType)}
                    >
                      {USAGE_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {USAGE_TYPE_LABELS[type]}
                        </option>
                      ))}
                    </Select>
                  </td>
                  <td className="px-1.5 py-1 max-md:p-0">
                    {usage?.usageType === 'SIZE' ? (
                      <div className="flex gap-1">
                        {(['length', 'width', 'height'] as const).map((dimension) => (
                          <Input
                            key={dimension}
                            inputMode="decimal"
                            autoComplete="off"
                            className="w-20"
                            placeholder={dimension[0]?.toUpperCase()}
                            aria-label={`${name} ${dimension[0]?.toUpperCase()}${dimension.slice(1)}`}
                            aria-invalid={usageErrors?.[dimension] ? true : undefined}
                            {...register(`${path}.${dimension}`)}
                          />
                        ))}
                      </div>
                    ) : (
                      <Controller
                        control={control}
                        name={`${path}.quantity`}
                        render={({ field: quantity }) => (
                          <Input
                            inputMode="numeric"
                            autoComplete="off"
                            className="w-24"
                            aria-label={`${name} Quantity`}
                            aria-invalid={usageErrors?.quantity ? true : undefined}
                            value={quantity.value}
                            onBlur={quantity.onBlur}
                            onChange={(event) => {
                              const value = event.target.value;
                              if (fitsStock(getValues(`${path}.materialId`), value))
                                quantity.onChange(value);
                            }}
                          />
                        )}
                      />
                    )}
                    {(['quantity', 'length', 'width', 'height'] as const).map((key) =>
                      usageErrors?.[key] ? (
                        <span
                          key={key}
                          role="alert"
                          className="mt-1 block text-xs text-destructive"
                        >
                          {usageErrors[key]?.message}
                        </span>
                      ) : null,
                    )}
                  </td>
                  <td className="px-1.5 py-1 max-md:p-0">
                    <Input
                      autoComplete="off"
                      aria-label={`${name} Notes`}
                      placeholder="Notes"
                      {...register(`${path}.notes`)}
                    />
                  </td>
                  <td className="px-1.5 py-1 text-right max-md:p-0">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:text-destructive"
                      aria-label={`Remove ${name}`}
                      onClick={() => remove(usageIndex)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Button
        variant="outline"
        size="sm"
        onClick={() => append(blankUsage(), { shouldFocus: false })}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add Material
      </Button>
    </div>
  );
}
