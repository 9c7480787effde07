import { INVOICE_MESSAGES, type InvoiceDto } from '@stockyard/shared';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';
import { useInvoice } from './api/get-invoice';
import { useSaveInvoice } from './api/save-invoice';
import { InvoiceItemsEditor } from './components/invoice-items-editor';
import { invoiceToFormValues, lockedReason } from './invoice-form';
import { useInvoiceForm } from './use-invoice-form';
import { useInvoiceSources } from './use-invoice-sources';

/** /invoices/{id}/items: the items alone, saved with the invoice's details as loaded (02 section 2.3). */
export default function InvoiceItemsPage() {
  const id = Number(useParams().id);
  const invoice = useInvoice(Number.isInteger(id) ? id : null);

  useEffect(() => {
    if (invoice.isError) notifyToast.error(INVOICE_MESSAGES.editLoad, { id: 'invoice-edit-load' });
  }, [invoice.isError]);

  if (invoice.isPending && invoice.fetchStatus !== 'idle') {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  // A finalized invoice cannot change; a hire invoice's lines are its run's.
  const blocked = invoice.data ? lockedReason(invoice.data) : null;
  if (!invoice.data || blocked) {
    return (
      <Card className="space-y-4 p-6 text-center">
        <p className="text-muted-foreground">{blocked ?? INVOICE_MESSAGES.editLoad}</p>
        <Link to="/invoices" className={buttonVariants({ variant: 'outline' })}>
          Back to Invoice List
        </Link>
      </Card>
    );
  }
  return <ItemsForm key={invoice.data.id} invoice={invoice.data} />;
}

function ItemsForm({ invoice }: { invoice: InvoiceDto }) {
  const navigate = useNavigate();
  const { form, checkWhole, applyServerErrors } = useInvoiceForm(
    invoiceToFormValues(invoice),
    'whole',
  );
  const sources = useInvoiceSources(invoice.locationId, invoice);
  const save = useSaveInvoice();

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: invoice.id, input });
      notifyToast.success(INVOICE_MESSAGES.itemsSaved);
      navigate('/invoices');
    } catch (error) {
      applyServerErrors(error);
      notifyToast.error('Error updating invoice', {
        description: serverMessage(error) ?? INVOICE_MESSAGES.saveFailed(true),
      });
    }
  });
  const onSave = async () => {
    if (form.getValues('items').length === 0) {
      notifyToast.error(INVOICE_MESSAGES.noItemsOnSubmit, { id: 'invoice-step' });
      return;
    }
    if (await checkWhole()) void submit();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold">Manage Items for Invoice {invoice.invoiceId}</h1>
          <p className="text-sm text-muted-foreground">
            {invoice.clientName} · {invoice.location.name}
          </p>
        </div>
        <Link to="/invoices" className={buttonVariants({ variant: 'outline' })}>
          Back to Invoice List
        </Link>
      </div>
      <Card className="p-4 sm:p-6">
        <form noValidate onSubmit={(event) => event.preventDefault()}>
          <InvoiceItemsEditor
            form={form}
            materials={sources.materials}
            materialsState={sources.materialsState}
          />
          <div className="mt-6 flex justify-end border-t border-border pt-4">
            <Button disabled={save.isPending} onClick={() => void onSave()}>
              {save.isPending ? 'Saving...' : 'Save Items'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
