import {
  CATALOGUE_MESSAGES,
  centsText,
  MATERIAL_UNIT_LABELS,
  MATERIAL_UNITS,
  type MaterialTypeDto,
  type MaterialTypeInput,
  materialTypeFormSchema,
} from '@stockyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { notifyToast } from '@/lib/toast';
import { useCategories } from '../api/get-categories';
import { useSaveMaterialType } from '../api/save-material-type';

type FormValues = {
  itemNumber: string;
  name: string;
  category: string;
  unit: string;
  weightKg: string;
  replacementValue: string;
  notes: string;
  hireDayCents: string;
  hireWeekCents: string;
  minimumHireDays: string;
};

const FIELDS = [
  'itemNumber',
  'name',
  'category',
  'unit',
  'weightKg',
  'replacementValue',
  'notes',
  'hireDayCents',
  'hireWeekCents',
  'minimumHireDays',
] as const;

function toFormValues(type: MaterialTypeDto | null): FormValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return type
    ? {
        itemNumber: text(type.itemNumber),
        name: type.name,
        category: text(type.category),
        unit: type.unit,
        weightKg: text(type.weightKg),
        replacementValue: text(type.replacementValue),
        notes: text(type.notes),
        hireDayCents: centsText(type.hireDayCents),
        hireWeekCents: centsText(type.hireWeekCents),
        minimumHireDays: String(type.minimumHireDays),
      }
    : {
        itemNumber: '',
        name: '',
        category: '',
        unit: 'EACH',
        weightKg: '',
        replacementValue: '',
        notes: '',
        hireDayCents: '',
        hireWeekCents: '',
        minimumHireDays: '0',
      };
}

/**
 * The field a 409 is about: the server refuses a taken name or item number with the message of
 * that field alone (the database's unique keys), so it lands under the field it names.
 */
function conflictField(error: unknown, input: MaterialTypeInput): 'name' | 'itemNumber' | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.message === CATALOGUE_MESSAGES.nameTaken(input.name)) return 'name';
  if (input.itemNumber && error.message === CATALOGUE_MESSAGES.itemNumberTaken(input.itemNumber)) {
    return 'itemNumber';
  }
  return null;
}

/** Add Material Type and Edit Material Type: the shared schema's fields and messages. */
export function MaterialTypeFormDialog({
  open,
  onOpenChange,
  type,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The type to edit; null adds one. */
  type: MaterialTypeDto | null;
}) {
  const editing = type !== null;
  const save = useSaveMaterialType();
  const categories = useCategories();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    FormValues,
    unknown,
    MaterialTypeInput
  >({
    resolver: schemaResolver<FormValues, MaterialTypeInput>(materialTypeFormSchema),
    defaultValues: toFormValues(type),
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(toFormValues(type));
  }, [open, type, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: type?.id ?? null, input });
      notifyToast.success(editing ? 'Material type updated.' : 'Material type added.', {
        description: editing ? undefined : `${input.name} is in the catalogue.`,
      });
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      const field = conflictField(error, input);
      if (field) setError(field, { type: 'server', message: serverMessage(error) });
      notifyToast.error(
        editing ? 'Failed to update material type.' : 'Failed to add material type.',
        { description: serverMessage(error) },
      );
    }
  });

  const fieldProps = (field: keyof FormValues) => ({
    ...controlProps(`material-type-${field}`, errors[field] !== undefined),
    ...register(field),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? 'Edit Material Type' : 'Add Material Type'}
        description={
          editing
            ? 'A new name or unit is the name and unit of its stock at every location.'
            : 'Add a material to the company catalogue.'
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <FormField
              id="material-type-itemNumber"
              label="Item No."
              error={errors.itemNumber?.message}
            >
              <Input autoComplete="off" placeholder="Optional" {...fieldProps('itemNumber')} />
            </FormField>
            <FormField id="material-type-name" label="Name" error={errors.name?.message}>
              <Input autoComplete="off" {...fieldProps('name')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="material-type-category"
              label="Category"
              error={errors.category?.message}
            >
              <Input
                autoComplete="off"
                placeholder="Optional"
                list="material-type-categories"
                {...fieldProps('category')}
              />
              <datalist id="material-type-categories">
                {(categories.data ?? []).map((category) => (
                  <option key={category} value={category} />
                ))}
              </datalist>
            </FormField>
            <FormField id="material-type-unit" label="Unit" error={errors.unit?.message}>
              <Select {...fieldProps('unit')}>
                <option value="">Select unit</option>
                {MATERIAL_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {MATERIAL_UNIT_LABELS[unit]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField
              id="material-type-weightKg"
              label="Weight per unit (kg)"
              error={errors.weightKg?.message}
            >
              <Input inputMode="decimal" autoComplete="off" {...fieldProps('weightKg')} />
            </FormField>
            <FormField
              id="material-type-replacementValue"
              label="Replacement value per unit"
              error={errors.replacementValue?.message}
            >
              <Input inputMode="decimal" autoComplete="off" {...fieldProps('replacementValue')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              id="material-type-hireDayCents"
              label="Hire rate per day"
              error={errors.hireDayCents?.message}
            >
              <Input
                inputMode="decimal"
                autoComplete="off"
                placeholder="None"
                {...fieldProps('hireDayCents')}
              />
            </FormField>
            <FormField
              id="material-type-hireWeekCents"
              label="Hire rate per week"
              error={errors.hireWeekCents?.message}
            >
              <Input
                inputMode="decimal"
                autoComplete="off"
                placeholder="None"
                {...fieldProps('hireWeekCents')}
              />
            </FormField>
            <FormField
              id="material-type-minimumHireDays"
              label="Minimum hire (days)"
              error={errors.minimumHireDays?.message}
            >
              <Input inputMode="numeric" autoComplete="off" {...fieldProps('minimumHireDays')} />
            </FormField>
          </div>
          <FormField id="material-type-notes" label="Notes" error={errors.notes?.message}>
            <Textarea rows={3} {...fieldProps('notes')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Material Type' : 'Add Material Type'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
