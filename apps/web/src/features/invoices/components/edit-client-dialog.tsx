import {
  INVOICE_MESSAGES,
  type InvoiceClient,
  type InvoiceDto,
  invoiceClientSchema,
  isFinalized,
} from '@stockyard/shared';
import { UserPen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useCan } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useUpdateInvoiceClient } from '../api/update-invoice-client';

type FormValues = {
  clientName: string;
  clientAddress: string;
  clientEmail: string;
  clientVatId: string;
};
const FIELDS = ['clientName', 'clientAddress', 'clientEmail', 'clientVatId'] as const;

const toFormValues = (invoice: InvoiceDto): FormValues => ({
  clientName: invoice.clientName,
  clientAddress: invoice.clientAddress,
  clientEmail: invoice.clientEmail ?? '',
  clientVatId: invoice.clientVatId ?? '',
});

/**
 * Edit client: whom a draft is made out to. A hire invoice takes its client from
 * the site's customer when the run makes it; this corrects it before it is finalized.
 */
export function EditClientButton({ invoice }: { invoice: InvoiceDto }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (isFinalized(invoice.status) || !can('PATCH /api/invoices/:id/client')) return null;
  return (
    <>
      <Button variant="outline" size="sm" className="no-print" onClick={() => setOpen(true)}>
        <UserPen className="h-4 w-4" aria-hidden />
        Edit client
      </Button>
      {open ? <EditClientDialog invoice={invoice} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

function EditClientDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: InvoiceDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateInvoiceClient();
  const form = useForm<FormValues, unknown, InvoiceClient>({
    resolver: schemaResolver<FormValues, InvoiceClient>(invoiceClientSchema),
    defaultValues: toFormValues(invoice),
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(toFormValues(invoice));
  }, [open, invoice, reset]);

  const fieldProps = (field: keyof FormValues) => ({
    ...controlProps(`invoice-${field}`, errors[field] !== undefined),
    ...register(field),
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: invoice.id, ...input });
      notifyToast.success(INVOICE_MESSAGES.clientUpdated);
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      notifyToast.error('Failed to update the client.', { description: serverMessage(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit client"
        description={`Whom invoice ${invoice.invoiceId} is made out to.`}
        className="max-w-lg"
      >
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormField id="invoice-clientName" label="Client name" error={errors.clientName?.message}>
            <Input autoComplete="off" {...fieldProps('clientName')} />
          </FormField>
          <FormField
            id="invoice-clientAddress"
            label="Client address"
            error={errors.clientAddress?.message}
          >
            <Textarea rows={3} {...fieldProps('clientAddress')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="invoice-clientEmail"
              label="Client e-mail"
              error={errors.clientEmail?.message}
            >
              <Input type="email" autoComplete="off" {...fieldProps('clientEmail')} />
            </FormField>
            <FormField id="invoice-clientVatId" label="VAT ID" error={errors.clientVatId?.message}>
              <Input autoComplete="off" {...fieldProps('clientVatId')} />
            </FormField>
          </div>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save client'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
