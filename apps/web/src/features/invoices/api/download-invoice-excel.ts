import { INVOICE_MESSAGES } from '@stockyard/shared';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';

/** Saves the invoice's spreadsheet as <invoiceId>.xlsx. */
function downloadInvoiceExcel(invoice: { id: number; invoiceId: string }): Promise<string> {
  return downloadFile(`/invoices/${invoice.id}/excel`, `${invoice.invoiceId}.xlsx`);
}

export function useDownloadInvoiceExcel() {
  return useMutation({
    mutationFn: downloadInvoiceExcel,
    onSuccess: () => notifyToast.success(INVOICE_MESSAGES.excelDownloaded),
    onError: (error) =>
      notifyToast.error(INVOICE_MESSAGES.excelFailed, { description: serverMessage(error) }),
  });
}
