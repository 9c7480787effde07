import type { InvoiceDto } from '@stockyard/shared';
import { type InvoiceHeading, invoiceFile } from './invoices.excel';

/** What the invoice's file is built from: plain data, copied to the worker thread. */
export type InvoiceFileTask = { invoice: InvoiceDto; heading: InvoiceHeading | null };

/** The invoice's .xlsx file, built on a worker thread (lib/worker-pool.ts, decision 031). */
export default async function buildInvoiceFile({
  invoice,
  heading,
}: InvoiceFileTask): Promise<Uint8Array> {
  const file = await invoiceFile(invoice, heading);
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
}
