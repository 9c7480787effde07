import { INVOICE_MESSAGES, summarizeByJobType } from '@stockyard/shared';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useDownloadInvoiceExcel } from '../api/download-invoice-excel';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';
import { useInvoice } from '../api/get-invoice';
import { InvoiceDocument } from './invoice-document';
import { CreditNoteButton } from './invoice-money-actions';
import { JobTypeSummaryTables } from './job-type-summary-table';

function useOpenInvoice(id: number | null) {
  const invoice = useInvoice(id);
  const body =
    invoice.isPending && invoice.fetchStatus !== 'idle' ? (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    ) : invoice.isError ? (
      <p className="py-6 text-center text-muted-foreground">{INVOICE_MESSAGES.itemListFailed}</p>
    ) : null;
  return { invoice: invoice.data, body };
}

/** Preview Invoice: the document of 02 section 2.4 in a dialog. */
export function InvoicePreviewDialog({
  invoiceId,
  onOpenChange,
}: {
  invoiceId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { invoice, body } = useOpenInvoice(invoiceId);
  const excel = useDownloadInvoiceExcel();
  const pdf = useDownloadInvoicePdf();
  return (
    <Dialog open={invoiceId !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Invoice Preview" className="max-w-5xl">
        {body ??
          (invoice ? (
            <InvoiceDocument
              invoice={{ ...invoice, money: invoice }}
              onDownloadExcel={() => excel.mutate(invoice)}
              onDownloadPdf={() => pdf.mutate(invoice)}
              downloading={excel.isPending || pdf.isPending}
              actions={<CreditNoteButton invoice={invoice} />}
            />
          ) : null)}
      </DialogContent>
    </Dialog>
  );
}

/** Job Type Summary of one invoice: by job type, then by unit. */
export function JobTypeSummaryDialog({
  invoiceId,
  onOpenChange,
}: {
  invoiceId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { invoice, body } = useOpenInvoice(invoiceId);
  const summary = invoice ? summarizeByJobType(invoice.items) : [];
  return (
    <Dialog open={invoiceId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Job Type Summary"
        description={invoice ? `Invoice ${invoice.invoiceId} · ${invoice.clientName}` : undefined}
        className="max-w-2xl"
      >
        {body ??
          (invoice && summary.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">
              {INVOICE_MESSAGES.summaryEmpty}
            </p>
          ) : (
            <JobTypeSummaryTables summary={summary} />
          ))}
      </DialogContent>
    </Dialog>
  );
}
