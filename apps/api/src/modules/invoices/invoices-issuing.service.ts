import {
  type InvoiceDto,
  type InvoiceStatus,
  type IssuedDocument,
  isFinalized,
  missingForIssue,
  NOT_READY_TO_ISSUE,
  vatCategoryOf,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { holdLocation } from '../locations/locations.service';
import { takeDocumentNumber } from '../settings/billing-settings.service';
import { currentIssuer } from '../settings/settings.service';
import * as repo from './invoices.repository';
import { getInvoice, statusOf } from './invoices.service';
import { lockForChange, today } from './invoices-edits.service';

/** Issuing: what an invoice is issued with, its number, and Mark as Finalized. */

/**
 * What an invoice is issued with now, read in the finalizing transaction and frozen with it
 * (decision 053): company profile, client and customer, site, creator. Missing legal details are
 * a 409 that lists them.
 */
export async function issueOf(
  tx: DbExecutor,
  invoice: repo.InvoiceRow,
  buyerFrom?: IssuedDocument,
): Promise<IssuedDocument> {
  const [seller, site, creator] = await Promise.all([
    currentIssuer(tx),
    holdLocation(tx, invoice.locationId),
    invoice.createdById === null ? null : repo.findCreator(tx, invoice.createdById),
  ]);
  const issued: IssuedDocument = {
    seller,
    buyer: buyerFrom?.buyer ?? {
      name: invoice.clientName,
      address: invoice.clientAddress,
      postcode: site.customerPostcode ?? '',
      city: site.customerCity ?? '',
      countryCode: site.customerCountryCode ?? '',
      email: invoice.clientEmail,
      vatId: invoice.clientVatId,
      buyerReference: site.customerBuyerReference,
    },
    site: buyerFrom?.site ?? { name: site.name, address: site.address },
    vatCategory:
      buyerFrom?.vatCategory ??
      vatCategoryOf(
        { zeroRated: site.customerZeroRated, zeroRating: site.customerZeroRating },
        invoice.vatRateBp,
      ),
    createdBy: creator,
  };
  const missing = missingForIssue(issued.seller, issued.buyer, issued.vatCategory);
  if (missing.length > 0) throw new AppError('CONFLICT', NOT_READY_TO_ISSUE, missing);
  return issued;
}

/** The number series of invoices and of credit notes, and how their numbers are written. */
const SERIES = {
  INVOICE: { prefix: 'INV' },
  CREDIT_NOTE: { prefix: 'CN' },
} as const;

/**
 * The next number of a series this year, taken in the open transaction (takeDocumentNumber):
 * INV-2026-00001, CN-2026-00001.
 */
export async function nextNumber(tx: DbExecutor, series: keyof typeof SERIES, now: Date) {
  const year = today(now).year;
  const next = await takeDocumentNumber(tx, series, year);
  return `${SERIES[series].prefix}-${year}-${String(next).padStart(5, '0')}`;
}

/**
 * Mark as Finalized: the invoice takes the next number of the year in the same transaction and
 * cannot change after it (409 back to draft). Finalizing a finalized invoice again changes nothing.
 */
export async function setInvoiceStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: InvoiceStatus,
  now = new Date(),
): Promise<InvoiceDto> {
  await inTransaction(ctx, async ({ tx }) => {
    const before = await lockForChange(tx, actor.user, id, {
      finalizedToo: status === 'FINALIZED',
    });
    if (isFinalized(before.status)) return;
    const finalizing = status === 'FINALIZED';
    const row = await repo.updateInvoice(
      tx,
      id,
      finalizing
        ? {
            status,
            // Refused with what is missing before a number is taken.
            issued: await issueOf(tx, before),
            number: await nextNumber(tx, 'INVOICE', now),
            finalizedAt: now,
          }
        : { status },
    );
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_INVOICE_STATUS',
      description: finalizing
        ? `Finalized invoice ${row.invoiceId} as ${row.number}`
        : `Marked invoice ${row.invoiceId} as ${status}`,
      entityType: 'invoice',
      entityId: String(id),
      locationId: row.locationId,
      details: {
        invoiceId: row.invoiceId,
        number: row.number,
        before: statusOf(before.status),
        after: status,
      },
      ip: actor.ip,
    });
  });
  return getInvoice(ctx, actor.user, id);
}
