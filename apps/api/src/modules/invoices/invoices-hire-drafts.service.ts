import { INVOICE_MESSAGES, invoiceTotals } from '@stockyard/shared';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import * as repo from './invoices.repository';

/** A billing run's writes to its draft hire invoices, and the invoice it corrects or adds to. */

/** A billing run's new draft hire invoice of a site and period, written by the invoices' owner. */
export async function createHireDraft(tx: DbExecutor, values: repo.InvoiceValues) {
  return repo.insertInvoice(tx, { ...values, kind: 'HIRE', status: 'DRAFT' });
}

/** Lines of a billing run's drafts priced again: the old ones go. */
export const removeDraftCharges = (tx: DbExecutor, ids: number[]) => repo.deleteCharges(tx, ids);

/**
 * A billing run's lines added to a draft: they follow its last, and its totals are
 * added up again from all its lines (which the append answers).
 */
export async function addDraftCharges(
  tx: DbExecutor,
  invoice: { id: number; vatRateBp: number },
  charges: repo.ChargeValues[],
) {
  const totals = invoiceTotals(
    await repo.appendCharges(tx, invoice.id, charges),
    invoice.vatRateBp,
  );
  await repo.updateInvoice(tx, invoice.id, totals);
  return totals;
}

/** The invoice a billing run corrects or adds to (its row as stored). */
export async function invoiceRow(tx: DbExecutor, id: number) {
  const row = await repo.invoiceRow(tx, id);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
}
