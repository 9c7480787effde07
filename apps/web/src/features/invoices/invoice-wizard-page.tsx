import { INVOICE_MESSAGES, type InvoiceDto, ownLocation } from '@stockyard/shared';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useDownloadInvoiceExcel } from './api/download-invoice-excel';
import { useInvoice } from './api/get-invoice';
import { useSaveInvoice } from './api/save-invoice';
import { InvoiceDetailsStep } from './components/invoice-details-step';
import { InvoiceDocument } from './components/invoice-document';
import { InvoiceItemsEditor } from './components/invoice-items-editor';
import { type WizardStep, WizardSteps } from './components/wizard-steps';
import {
  formToDocument,
  invoiceToFormValues,
  lockedReason,
  newInvoiceValues,
} from './invoice-form';
import { useInvoiceForm } from './use-invoice-form';
import { useInvoiceSources } from './use-invoice-sources';

/** /invoices/generate and /invoices/edit/{id}: details, items, preview (02 section 2.2). */
export default function InvoiceWizardPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const editing = id !== null;
  const invoice = useInvoice(editing && Number.isInteger(id) ? id : null);

  useEffect(() => {
    if (invoice.isError) notifyToast.error(INVOICE_MESSAGES.editLoad, { id: 'invoice-edit-load' });
  }, [invoice.isError]);

  if (editing) {
    if (invoice.isPending && invoice.fetchStatus !== 'idle') return <PageSpinner />;
    if (!invoice.data) return <LoadFailure />;
    const locked = lockedReason(invoice.data);
    if (locked) return <LoadFailure message={locked} />;
    return <InvoiceWizard key={invoice.data.id} invoice={invoice.data} />;
  }
  return <InvoiceWizard invoice={undefined} />;
}

function PageSpinner() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

function LoadFailure({ message = INVOICE_MESSAGES.editLoad }: { message?: string }) {
  return (
    <Card className="space-y-4 p-6 text-center">
      <p className="text-muted-foreground">{message}</p>
      <Link to="/invoices" className={buttonVariants({ variant: 'outline' })}>
        Back to Invoice List
      </Link>
    </Card>
  );
}

function InvoiceWizard({ invoice }: { invoice: InvoiceDto | undefined }) {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const scope = user ? ownLocation(user) : null;
  const editing = invoice !== undefined;
  const [step, setStep] = useState<WizardStep>('details');
  const { form, checkDetails, checkWhole, applyServerErrors } = useInvoiceForm(
    invoice ? invoiceToFormValues(invoice) : newInvoiceValues(scope),
  );
  const locationText = useWatch({ control: form.control, name: 'locationId' });
  const locationId = /^[1-9]\d*$/.test(locationText) ? Number(locationText) : null;
  const sources = useInvoiceSources(locationId, invoice);
  const save = useSaveInvoice();
  // The site's customer is the client: filled in where the fields are still empty, editable on
  // a draft.
  const { name: customerName, address: customerAddress } = sources.customer;
  useEffect(() => {
    const fill = (field: 'clientName' | 'clientAddress', value: string | null) => {
      if (value && !form.getValues(field).trim()) {
        form.setValue(field, value, { shouldDirty: true, shouldValidate: false });
      }
    };
    fill('clientName', customerName);
    fill('clientAddress', customerAddress);
  }, [customerName, customerAddress, form]);
  const excel = useDownloadInvoiceExcel();

  const toItems = async () => {
    if (await checkDetails()) setStep('items');
    else notifyToast.error(INVOICE_MESSAGES.detailsInvalid, { id: 'invoice-step' });
  };
  const toPreview = async () => {
    if (form.getValues('items').length === 0) {
      notifyToast.error(INVOICE_MESSAGES.noItemsOnPreview, { id: 'invoice-step' });
      return;
    }
    if (await checkWhole()) setStep('preview');
  };
  const submit = form.handleSubmit(
    async (input) => {
      try {
        await save.mutateAsync({ id: invoice?.id ?? null, input });
        notifyToast.success(editing ? INVOICE_MESSAGES.updated : INVOICE_MESSAGES.created);
        navigate('/invoices');
      } catch (error) {
        const back = applyServerErrors(error);
        if (back) setStep(back);
        notifyToast.error(editing ? 'Error updating invoice' : 'Error creating invoice', {
          description: serverMessage(error) ?? INVOICE_MESSAGES.saveFailed(editing),
        });
      }
    },
    () => notifyToast.error(INVOICE_MESSAGES.detailsInvalid, { id: 'invoice-step' }),
  );
  const onSubmit = () => {
    if (form.getValues('items').length === 0) {
      notifyToast.error(INVOICE_MESSAGES.noItemsOnSubmit, { id: 'invoice-step' });
      return;
    }
    void submit();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold">
            {editing ? `Edit Invoice ${invoice.invoiceId}` : 'Create Invoice'}
          </h1>
          <p className="text-sm text-muted-foreground">
            Fill in the details, add the items, then check the preview.
          </p>
        </div>
        <Link to="/invoices" className={buttonVariants({ variant: 'outline' })}>
          Back to Invoice List
        </Link>
      </div>

      <WizardSteps current={step} />

      <Card className="p-4 sm:p-6">
        <form noValidate onSubmit={(event) => event.preventDefault()}>
          {step === 'details' ? (
            <InvoiceDetailsStep
              form={form}
              locations={sources.locations}
              locationsState={sources.locationsState}
              locationFixed={scope !== null}
              fixedLocationName={user?.location?.name ?? ''}
            />
          ) : null}
          {step === 'items' ? (
            <InvoiceItemsEditor
              form={form}
              materials={sources.materials}
              materialsState={sources.materialsState}
            />
          ) : null}
          {step === 'preview' ? (
            <InvoiceDocument
              invoice={formToDocument(form.getValues(), {
                status: invoice?.status ?? 'DRAFT',
                location: sources.location,
                materialName: sources.materialName,
                user: invoice ? invoice.user : user ? { name: user.name, email: user.email } : null,
                createdAt: invoice?.createdAt ?? null,
                updatedAt: invoice?.updatedAt ?? null,
              })}
              onDownloadExcel={invoice ? () => excel.mutate(invoice) : undefined}
              downloading={excel.isPending}
            />
          ) : null}

          <div className="mt-6 flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
            {step === 'details' ? (
              <span />
            ) : (
              <Button
                variant="outline"
                onClick={() => setStep(step === 'preview' ? 'items' : 'details')}
              >
                <ArrowLeft className="h-4 w-4" aria-hidden />
                Back
              </Button>
            )}
            {step === 'details' ? (
              <Button onClick={() => void toItems()}>
                Next: Items
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Button>
            ) : null}
            {step === 'items' ? (
              <Button onClick={() => void toPreview()}>
                Next: Preview
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Button>
            ) : null}
            {step === 'preview' ? (
              <Button disabled={save.isPending} onClick={onSubmit}>
                {save.isPending ? 'Saving...' : editing ? 'Update Invoice' : 'Submit Invoice'}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
    </div>
  );
}
