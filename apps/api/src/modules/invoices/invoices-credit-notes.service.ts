import {
  type CreditNoteInput,
  creditNoteTotals,
  INVOICE_MESSAGES,
  type InvoiceDto,
  type IssuedDocument,
  invoiceTotals,
  isFinalized,
  normalizeRole,
  type SessionUser,
  toIsoDate,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import * as repo from './invoices.repository';
import { getInvoice } from './invoices.service';
import { lockVisible, today } from './invoices-edits.service';
import { issueOf, nextNumber } from './invoices-issuing.service';

/** Credit notes: an admin's, of the lines chosen, and a billing run's corrections, one writer. */

const isAdmin = (user: SessionUser) => normalizeRole(user.role) === 'ADMIN';

/** A line a credit note takes back: the CREDIT charge it becomes. */
type CreditLine = repo.ChargeValues & { amountCents: number };

/**
 * The lines a credit note takes back: those named (items of a work invoice, charges of a hire
 * invoice), or every line not credited yet when none is named. A line not of this invoice is
 * 400; one credited already 409; nothing left 409.
 */
async function linesToCredit(
  tx: DbExecutor,
  invoiceId: number,
  input: CreditNoteInput,
): Promise<CreditLine[]> {
  const [items, charges] = await Promise.all([
    repo.creditableItems(tx, invoiceId),
    repo.creditableCharges(tx, invoiceId),
  ]);
  const lines = [
    ...items.map((item) => ({
      ref: { itemId: item.id },
      credited: item.credited,
      charge: {
        kind: 'CREDIT' as const,
        description: [item.jobType, item.jobDescription, `${item.calculated} ${item.uom}`]
          .filter(Boolean)
          .join(' - '),
        unit: item.uom,
        quantity: item.quantity,
        creditedItemId: item.id,
        amountCents: -item.amountCents,
      },
    })),
    ...charges.map((line) => ({
      ref: { chargeId: line.id },
      credited: line.credited,
      charge: {
        kind: 'CREDIT' as const,
        description: line.description,
        unit: line.unit,
        quantity: line.quantity,
        creditedChargeId: line.id,
        amountCents: -line.amountCents,
      },
    })),
  ];
  const named = input.itemIds !== undefined || input.chargeIds !== undefined;
  const left = lines.filter((line) => !line.credited);
  if (!named) {
    if (lines.length === 0) throw conflict(INVOICE_MESSAGES.creditNoLines);
    if (left.length === 0) throw conflict(INVOICE_MESSAGES.creditNothingLeft);
    return left.map((line) => line.charge);
  }
  const wanted = [
    ...[...new Set(input.itemIds)].map((itemId) => ({ itemId })),
    ...[...new Set(input.chargeIds)].map((chargeId) => ({ chargeId })),
  ];
  if (wanted.length === 0) {
    // Lists sent but empty (the schema refuses them first): nothing chosen, not "nothing left".
    const message = INVOICE_MESSAGES.creditChooseLines;
    throw badRequest(message, [{ path: 'itemIds', message }]);
  }
  const chosen = wanted.map((ref) => {
    const line = lines.find((candidate) =>
      'itemId' in ref
        ? 'itemId' in candidate.ref && candidate.ref.itemId === ref.itemId
        : 'chargeId' in candidate.ref && candidate.ref.chargeId === ref.chargeId,
    );
    if (!line) {
      const message = INVOICE_MESSAGES.creditLineNotOnInvoice;
      const path = 'itemId' in ref ? 'itemIds' : 'chargeIds';
      throw badRequest(message, [{ path, message }]);
    }
    if (line.credited) throw conflict(INVOICE_MESSAGES.creditLineCredited(line.charge.description));
    return line.charge;
  });
  return chosen;
}

/** A line credited at the same time by another credit note: the unique indexes settle it, 409. */
async function withLinesCreditedOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (
      isUniqueViolation(error, 'invoice_charges_credited_item_unique') ||
      isUniqueViolation(error, 'invoice_charges_credited_charge_unique')
    ) {
      throw conflict(INVOICE_MESSAGES.creditLineCredited('A line of this invoice'));
    }
    throw error;
  }
}

/**
 * Issues a credit note of a finalized invoice, an admin's or a billing run's: finalized and
 * numbered at once, of the invoice's client, currency and VAT rate. The note that brings the
 * invoice and its notes to nothing takes the remainder, VAT included, so they add up to zero
 * (decision 048).
 */
export async function issueCreditNote(
  tx: DbExecutor,
  note: {
    invoice: repo.InvoiceRow;
    createdById: number;
    lines: repo.ChargeValues[];
    notes: string | null;
    issued: IssuedDocument;
    now: Date;
  },
) {
  const { invoice, lines, now } = note;
  const number = await nextNumber(tx, 'CREDIT_NOTE', now);
  const day = toIsoDate(today(now));
  const before = await repo.creditNotesTotals(tx, invoice.id);
  const own = invoiceTotals(
    lines.map((line) => line.amountCents ?? 0),
    invoice.vatRateBp,
  );
  const completes =
    invoice.netCents + before.reduce((sum, n) => sum + n.netCents, 0) + own.netCents === 0;
  const totals = creditNoteTotals(
    lines.map((line) => line.amountCents ?? 0),
    invoice.vatRateBp,
    completes
      ? {
          invoice: {
            netCents: invoice.netCents,
            vatCents: invoice.vatCents,
            grossCents: invoice.grossCents,
          },
          creditedBefore: before,
        }
      : null,
  );
  const row = await repo.insertInvoice(tx, {
    invoiceId: number,
    number,
    kind: 'CREDIT',
    status: 'FINALIZED',
    finalizedAt: now,
    creditedInvoiceId: invoice.id,
    locationId: invoice.locationId,
    createdById: note.createdById,
    clientName: invoice.clientName,
    clientAddress: invoice.clientAddress,
    clientEmail: invoice.clientEmail,
    clientVatId: invoice.clientVatId,
    currency: invoice.currency,
    vatRateBp: invoice.vatRateBp,
    issueDate: day,
    dueDate: day,
    jobDetails: `Credit note for invoice ${invoice.number}`,
    notes: note.notes,
    issued: note.issued,
    ...totals,
  });
  await repo.insertCharges(tx, row.id, lines);
  return { row, number, totals };
}

/**
 * What a billing run's credit note is issued with: the company as it is now (as on the invoice
 * where the profile now lacks a legal detail: a run does not stop for it), to the invoice's buyer.
 */
export async function creditNoteIssue(
  tx: DbExecutor,
  invoice: repo.InvoiceRow,
  createdById: number,
): Promise<IssuedDocument> {
  try {
    return await issueOf(tx, { ...invoice, createdById }, invoice.issued ?? undefined);
  } catch (error) {
    if (!(error instanceof AppError) || !invoice.issued) throw error;
    const creator = await repo.findCreator(tx, createdById);
    return { ...invoice.issued, createdBy: creator };
  }
}

/**
 * An admin's credit note: one CREDIT line per line taken back (amount negated, each line once).
 * Only a finalized work or hire invoice is corrected so (409).
 */
export async function createCreditNote(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: CreditNoteInput,
  now = new Date(),
): Promise<InvoiceDto> {
  if (!isAdmin(actor.user)) throw forbidden(INVOICE_MESSAGES.creditAdminOnly);
  const created = await withLinesCreditedOnce(() =>
    inTransaction(ctx, async ({ tx }) => {
      const invoice = await lockVisible(tx, actor.user, id);
      if (invoice.kind === 'CREDIT' || !isFinalized(invoice.status)) {
        throw conflict(INVOICE_MESSAGES.creditOnlyFinalized);
      }
      const lines = await linesToCredit(tx, invoice.id, input);
      // Issued now by the company as it is, to the buyer the invoice was issued to.
      const issued = await issueOf(
        tx,
        { ...invoice, createdById: actor.user.id },
        invoice.issued ?? undefined,
      );
      const { row, number, totals } = await issueCreditNote(tx, {
        invoice,
        createdById: actor.user.id,
        lines,
        notes: input.reason,
        issued,
        now,
      });
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'CREATE_CREDIT_NOTE',
        description: `Credited ${lines.length} ${lines.length === 1 ? 'line' : 'lines'} of invoice ${invoice.number} by credit note ${number}`,
        entityType: 'invoice',
        entityId: String(row.id),
        locationId: invoice.locationId,
        details: {
          creditNote: number,
          invoiceId: invoice.id,
          invoiceNumber: invoice.number,
          lines: lines.length,
          grossCents: totals.grossCents,
          reason: input.reason,
        },
        ip: actor.ip,
      });
      return row.id;
    }),
  );
  return getInvoice(ctx, actor.user, created);
}
