import {
  type CalendarDate,
  grandTotalQuantity,
  INVOICE_MESSAGES,
  type InvoiceClient,
  type InvoiceDto,
  type InvoiceInput,
  isFinalized,
  itemCalculatedQuantity,
  localToday,
  nextMonthRange,
  parseIsoDate,
  rentalInvoiceId,
  type SessionUser,
  toDisplayDate,
  toIsoDate,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { assertReadable, assertWritable } from '../../lib/location-scope';
import { isUniqueViolation } from '../../lib/pg-errors';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { holdLocation } from '../locations/locations.service';
import { priceWorkInvoice } from './invoices.money';
import * as repo from './invoices.repository';
import { getInvoice, statusOf } from './invoices.service';

/**
 * Invoices edited by hand: a work invoice created, edited with its items and material usages, or
 * converted to a rental invoice; a draft of any kind deleted or made out to another client; and
 * the lock every change of an invoice starts with.
 */

/** The server's calendar day. */
export function today(now: Date): CalendarDate {
  return parseIsoDate(localToday(now))!;
}

/**
 * The items as stored: each calculated quantity by the shared function (what a client sent for
 * it is not even read), and the grand total their sum.
 */
function itemsToStore(items: InvoiceInput['items']) {
  const stored: repo.NewItem[] = items.map((item) => ({
    location: item.location ?? null,
    itemDate: item.item_date ?? null,
    jobDescription: item.job_description ?? null,
    jobType: item.job_type,
    uom: item.uom,
    quantity: item.quantity,
    length: item.length,
    width: item.width,
    height: item.height,
    remark: item.remark ?? null,
    itemTotalCalculatedQuantity: itemCalculatedQuantity(item),
    usages: item.materialUsages.map((usage) => ({
      materialId: usage.materialId,
      usageType: usage.usageType,
      quantity: usage.quantity,
      length: usage.length,
      width: usage.width,
      height: usage.height,
      notes: usage.notes ?? null,
    })),
  }));
  return { items: stored, grandTotal: grandTotalQuantity(items) };
}

/**
 * Every material used must be a live material of the invoice's location, and a QTY usage may not
 * ask for more than its stock (02 section 5): it records what a job used, and does not move stock.
 */
async function checkUsages(db: DbExecutor, locationId: number, items: InvoiceInput['items']) {
  const ids = [...new Set(items.flatMap((item) => item.materialUsages.map((u) => u.materialId)))];
  const found = new Map((await repo.findLiveMaterials(db, ids)).map((m) => [m.id, m]));
  items.forEach((item, itemIndex) => {
    item.materialUsages.forEach((usage, usageIndex) => {
      const path = `items.${itemIndex}.materialUsages.${usageIndex}`;
      const material = found.get(usage.materialId);
      if (!material || material.locationId !== locationId) {
        const message = INVOICE_MESSAGES.materialNotAtLocation;
        throw badRequest(message, [{ path: `${path}.materialId`, message }]);
      }
      if (usage.usageType === 'QTY' && usage.quantity > material.quantity) {
        const message = INVOICE_MESSAGES.usageExceedsStock(material.quantity);
        throw badRequest(message, [{ path: `${path}.quantity`, message }]);
      }
    });
  });
}

/** The unique index on the lower-cased Invoice ID settles concurrent writes too: 409 on the field. */
async function withUniqueInvoiceId<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'invoices_invoice_id_unique')) {
      const message = INVOICE_MESSAGES.invoiceIdTaken;
      throw new AppError('CONFLICT', message, [{ path: 'invoiceId', message }]);
    }
    throw error;
  }
}

function detailsOf(input: InvoiceInput) {
  return {
    invoiceId: input.invoiceId,
    locationId: input.locationId,
    clientName: input.clientName,
    clientAddress: input.clientAddress,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    department: input.department ?? null,
    jobPeriod: input.job_period ?? null,
    jobDetails: input.job_details ?? null,
    signature: input.signature ?? null,
    notes: input.notes ?? null,
    invoiceRemark: input.invoice_remark ?? null,
  };
}

type Activity = { action: string; description: string; details: Record<string, unknown> };

/** Writes a new DRAFT invoice and its items in the open transaction, with its activity entry. */
async function insertNewInvoice(
  tx: DbExecutor,
  actor: Actor,
  input: InvoiceInput,
  activity: (invoice: repo.InvoiceRow, locationName: string) => Activity,
): Promise<number> {
  const location = await holdLocation(tx, input.locationId);
  await checkUsages(tx, location.id, input.items);
  const stored = itemsToStore(input.items);
  const { items, money } = await priceWorkInvoice(tx, location, stored.items);
  const row = await repo.insertInvoice(tx, {
    ...detailsOf(input),
    ...money,
    createdById: actor.user.id,
    status: 'DRAFT',
    kind: 'WORK',
    grandTotalCalculatedVolumeQty: stored.grandTotal,
  });
  await repo.replaceItems(tx, row.id, items);
  await recordActivity(tx, {
    ...activity(row, location.name),
    userId: actor.user.id,
    entityType: 'invoice',
    entityId: String(row.id),
    locationId: location.id,
    ip: actor.ip,
  });
  return row.id;
}

export async function createInvoice(
  ctx: AppContext,
  actor: Actor,
  input: InvoiceInput,
): Promise<InvoiceDto> {
  assertWritable(actor.user, input.locationId);
  const id = await withUniqueInvoiceId(() =>
    inTransaction(ctx, ({ tx }) =>
      insertNewInvoice(tx, actor, input, (row, locationName) => ({
        action: 'CREATE_INVOICE',
        description: `Created invoice ${row.invoiceId} for ${row.clientName} at ${locationName}`,
        details: {
          invoiceId: row.invoiceId,
          items: input.items.length,
          grandTotal: row.grandTotalCalculatedVolumeQty,
        },
      })),
    ),
  );
  return getInvoice(ctx, actor.user, id);
}

/**
 * The invoice locked for a change by this user: another location's is 404 (read) or 403 (write),
 * and a finalized one (a credit note is finalized at once) cannot change at all: 409, whoever
 * asks (decision 044; the spec let an admin edit and delete it).
 */
export async function lockForChange(
  tx: DbExecutor,
  user: SessionUser,
  id: number,
  { finalizedToo = false } = {},
) {
  const invoice = await lockVisible(tx, user, id);
  assertWritable(user, invoice.locationId);
  if (isFinalized(invoice.status) && !finalizedToo) {
    throw conflict(INVOICE_MESSAGES.finalizedCannotChange);
  }
  return invoice;
}

/** The invoice locked against other writes, when this user may see it (another location's: 404). */
export async function lockVisible(tx: DbExecutor, user: SessionUser, id: number) {
  const invoice = await repo.lockInvoice(tx, id);
  if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
  assertReadable(user, invoice.locationId, INVOICE_MESSAGES.notFound);
  return invoice;
}

/** An edit of every field; the item set sent replaces the stored one. */
export async function updateInvoice(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: InvoiceInput,
): Promise<InvoiceDto> {
  await withUniqueInvoiceId(() =>
    inTransaction(ctx, async ({ tx }) => {
      const before = await lockForChange(tx, actor.user, id);
      if (before.kind !== 'WORK') throw conflict(INVOICE_MESSAGES.hireNotEditable);
      // Moving an invoice is a write at both locations.
      assertWritable(actor.user, input.locationId);
      const location = await holdLocation(tx, input.locationId);
      await checkUsages(tx, location.id, input.items);
      const stored = itemsToStore(input.items);
      const grandTotal = stored.grandTotal;
      const { items, money } = await priceWorkInvoice(tx, location, stored.items);
      const row = await repo.updateInvoice(tx, id, {
        ...detailsOf(input),
        ...money,
        grandTotalCalculatedVolumeQty: grandTotal,
      });
      await repo.replaceItems(tx, id, items);
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'UPDATE_INVOICE',
        description: `Updated invoice ${row.invoiceId} for ${row.clientName} at ${location.name}`,
        entityType: 'invoice',
        entityId: String(id),
        locationId: location.id,
        details: {
          before: {
            invoiceId: before.invoiceId,
            locationId: before.locationId,
            clientName: before.clientName,
            grandTotal: before.grandTotalCalculatedVolumeQty,
            netCents: before.netCents,
          },
          after: {
            invoiceId: row.invoiceId,
            locationId: row.locationId,
            clientName: row.clientName,
            grandTotal,
            netCents: row.netCents,
          },
          items: items.length,
        },
        ip: actor.ip,
      });
    }),
  );
  return getInvoice(ctx, actor.user, id);
}

export async function removeInvoice(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await inTransaction(ctx, async ({ tx }) => {
    const invoice = await lockForChange(tx, actor.user, id);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'DELETE_INVOICE',
      description: `Deleted invoice ${invoice.invoiceId} of ${invoice.clientName}`,
      entityType: 'invoice',
      entityId: String(id),
      locationId: invoice.locationId,
      details: {
        invoiceId: invoice.invoiceId,
        clientName: invoice.clientName,
        status: statusOf(invoice.status),
        grandTotal: invoice.grandTotalCalculatedVolumeQty,
      },
      ip: actor.ip,
    });
    await repo.deleteInvoice(tx, id);
  });
}

/**
 * Whom a draft is made out to, whatever its kind: a hire invoice's client came from the site's
 * customer when the run made it, and is corrected here before it is finalized.
 */
export async function updateInvoiceClient(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: InvoiceClient,
): Promise<InvoiceDto> {
  await inTransaction(ctx, async ({ tx }) => {
    const before = await lockForChange(tx, actor.user, id);
    const row = await repo.updateInvoice(tx, id, {
      clientName: input.clientName,
      clientAddress: input.clientAddress,
      clientEmail: input.clientEmail ?? null,
      clientVatId: input.clientVatId ?? null,
    });
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_INVOICE_CLIENT',
      description: `Changed the client of invoice ${row.invoiceId} to ${row.clientName}`,
      entityType: 'invoice',
      entityId: String(id),
      locationId: row.locationId,
      details: {
        before: { clientName: before.clientName, clientAddress: before.clientAddress },
        after: { clientName: row.clientName, clientAddress: row.clientAddress },
      },
      ip: actor.ip,
    });
  });
  return getInvoice(ctx, actor.user, id);
}

/**
 * Convert to Rental (02 section 9): a new DRAFT invoice of the source's Erection items as job type
 * Rental, dated today, issued on the first of next month and due on its last day, quantities
 * calculated again; the usages stay with the source.
 */
export async function convertToRental(
  ctx: AppContext,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<InvoiceDto> {
  const source = await getInvoice(ctx, actor.user, id);
  assertWritable(actor.user, source.locationId);
  const erection = source.items.filter((item) => item.job_type === 'Erection');
  if (erection.length === 0) throw badRequest(INVOICE_MESSAGES.noErectionItems);
  const day = today(now);
  const { issueDate, dueDate } = nextMonthRange(day);
  const input: InvoiceInput = {
    invoiceId: rentalInvoiceId(now),
    locationId: source.locationId,
    clientName: source.clientName,
    clientAddress: source.clientAddress,
    issueDate,
    dueDate,
    department: source.department ?? undefined,
    job_period: source.job_period ?? undefined,
    job_details: `Rental of the Erection items of invoice ${source.invoiceId}`,
    signature: source.signature ?? undefined,
    notes: `Rental invoice converted from ${source.invoiceId}`,
    invoice_remark: `Converted from invoice ${source.invoiceId} on ${toDisplayDate(day)}`,
    items: erection.map((item) => ({
      location: item.location ?? undefined,
      item_date: toIsoDate(day),
      job_description: item.job_description ?? undefined,
      job_type: 'Rental',
      uom: item.uom,
      quantity: item.quantity,
      length: item.length,
      width: item.width,
      height: item.height,
      remark: item.remark ?? undefined,
      materialUsages: [],
    })),
  };
  const created = await withUniqueInvoiceId(() =>
    inTransaction(ctx, ({ tx }) =>
      insertNewInvoice(tx, actor, input, (row) => ({
        action: 'CONVERT_INVOICE_TO_RENTAL',
        description: `Converted invoice ${source.invoiceId} to rental invoice ${row.invoiceId}`,
        details: {
          sourceId: source.id,
          sourceInvoiceId: source.invoiceId,
          invoiceId: row.invoiceId,
          items: erection.length,
          grandTotal: row.grandTotalCalculatedVolumeQty,
        },
      })),
    ),
  );
  return getInvoice(ctx, actor.user, created);
}
