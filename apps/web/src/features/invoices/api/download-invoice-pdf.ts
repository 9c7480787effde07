import { INVOICE_MESSAGES } from '@stockyard/shared';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';

/** Saves the invoice's (or credit note's) PDF as <number>.pdf, a draft's as <invoiceId>.pdf. */
function downloadInvoicePdf(invoice: {
  id: number;
  invoiceId: string;
  number: string | null;
}): Promise<string> {
  return downloadFile(`/invoices/${invoice.id}/pdf`, `${invoice.number ?? invoice.invoiceId}.pdf`);
}

export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: downloadInvoicePdf,
    onError: (error) =>
      notifyToast.error(INVOICE_MESSAGES.pdfFailed, { description: serverMessage(error) }),
  });
}
