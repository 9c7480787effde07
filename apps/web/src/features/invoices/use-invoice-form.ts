import { type InvoiceInput, invoiceDetailsFormSchema, invoiceSchema } from '@stockyard/shared';
import { useRef } from 'react';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form-resolver';
import { DETAIL_FIELDS, type InvoiceFormValues } from './invoice-form';

const detailsResolver = schemaResolver<InvoiceFormValues, unknown>(invoiceDetailsFormSchema);
const invoiceResolver = schemaResolver<InvoiceFormValues, InvoiceInput>(invoiceSchema);

/**
 * The invoice form of the wizard and the items page. The details step is checked on its own
 * (its due-date rule must not wait for the items to be valid); moving on and saving check all of
 * it with the schema the server uses.
 */
export function useInvoiceForm(
  defaultValues: InvoiceFormValues,
  /** The items page has no details step: it checks the whole invoice from the start. */
  firstStep: 'details' | 'whole' = 'details',
) {
  const stage = useRef(firstStep);
  const resolver: Resolver<InvoiceFormValues, unknown, InvoiceInput> = (
    values,
    context,
    options,
  ) =>
    stage.current === 'details'
      ? (detailsResolver(values, context, options) as ReturnType<typeof invoiceResolver>)
      : invoiceResolver(values, context, options);
  const form = useForm<InvoiceFormValues, unknown, InvoiceInput>({
    defaultValues,
    resolver,
  });

  return {
    form,
    /** Whether the details are valid, marking the fields that are not. */
    checkDetails: async () => {
      stage.current = 'details';
      const valid = await form.trigger([...DETAIL_FIELDS]);
      stage.current = 'whole';
      return valid;
    },
    /** Whether the whole invoice, items included, is valid, marking what is not. */
    checkWhole: async () => {
      stage.current = 'whole';
      return form.trigger();
    },
    /** Puts the server's field messages (items.0.quantity, clientName) under their fields. */
    applyServerErrors: (error: unknown): 'details' | 'items' | null => {
      if (!(error instanceof ApiError)) return null;
      let step: 'details' | 'items' | null = null;
      for (const { path, message } of error.errors) {
        if (!path) continue;
        form.setError(path as FieldPath<InvoiceFormValues>, { type: 'server', message });
        const detail = (DETAIL_FIELDS as readonly string[]).includes(path.split('.')[0] ?? '');
        if (detail) step = 'details';
        else if (step === null) step = 'items';
      }
      return step;
    },
  };
}
