import { INVOICE_MESSAGES } from '@stockyard/shared';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';

/**
 * Saves a finalized invoice's (or credit note's) EN 16931 e-invoice, UN/CEFACT CII XML, as
 * <number>.xml.
 */
function downloadEInvoice(invoice: { id: number; number: string | null }): Promise<string> {
  return downloadFile(`/invoices/${invoice.id}/e-invoice`, `${invoice.number ?? invoice.id}.xml`);
}

export function useDownloadEInvoice() {
  return useMutation({
    mutationFn: downloadEInvoice,
    onError: (error) =>
      notifyToast.error(INVOICE_MESSAGES.eInvoiceFailed, { description: serverMessage(error) }),
  });
}
