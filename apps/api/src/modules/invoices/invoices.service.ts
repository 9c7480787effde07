import {
  type CalendarDate,
  grandTotalQuantity,
  INVOICE_MESSAGES,
  type InvoiceDto,
  type InvoiceInput,
  type InvoiceItemDto,
  type InvoiceListDto,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceSummaryDto,
  isFinalized,
  itemCalculatedQuantity,
  type JobTypeSummaryDto,
  type JobTypeSummaryQuery,
  localToday,
  MONTH_PATTERN,
  nextMonthRange,
  normalizeRole,
  parseIsoDate,
  rentalInvoiceId,
  type SessionUser,
  summarizeByJobType,
  toDisplayDate,
  toIsoDate,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { checkExportSize, EXPORT_CHUNK, inChunks } from '../../lib/list-export';
import { assertReadable, assertWritable, listScope } from '../../lib/location-scope';
import { isUniqueViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { holdLocation, requireLocation } from '../locations/locations.service';
import { invoiceHeading } from '../settings/settings.service';
import { invoiceAttachment, invoiceFile } from './invoices.excel';
import * as repo from './invoices.repository';

const isAdmin = (user: SessionUser) => normalizeRole(user.role) === 'ADMIN';

/** Issue dates in a month (yyyy-MM): from its first day to the first of the next. */
export function monthRange(month: string | undefined): { from: string; to: string } | undefined {
  const match = month ? MONTH_PATTERN.exec(month) : null;
  if (!match) return undefined;
  const year = Number(match[1]);
  const monthNumber = Number(match[2]);
  const next = monthNumber === 12 ? { year: year + 1, month: 1 } : { year, month: monthNumber + 1 };
  return {
    from: toIsoDate({ year, month: monthNumber, day: 1 }),
    to: toIsoDate({ ...next, day: 1 }),
  };
}

/** The server's calendar day. */
function today(now: Date): CalendarDate {
  return parseIsoDate(localToday(now))!;
}

const statusOf = (status: string): InvoiceStatus => (isFinalized(status) ? 'FINALIZED' : 'DRAFT');

function toSummaryDto(row: {
  id: number;
  invoiceId: string;
  locationId: number;
  locationName: string;
  locationAddress: string;
  createdById: number | null;
  clientName: string;
  issueDate: string;
  dueDate: string;
  status: string;
  grandTotalCalculatedVolumeQty: number;
  createdAt: Date;
  updatedAt: Date;
}): InvoiceSummaryDto {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    locationId: row.locationId,
    location: { name: row.locationName, address: row.locationAddress },
    createdById: row.createdById,
    clientName: row.clientName,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    status: statusOf(row.status),
    grandTotalCalculatedVolumeQty: row.grandTotalCalculatedVolumeQty,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listInvoices(
  ctx: AppContext,
  user: SessionUser,
  query: InvoiceListQuery,
): Promise<InvoiceListDto> {
  const filters = {
    month: monthRange(query.month),
    locationId: listScope(user, query.locationId),
    status: query.status,
    search: query.search,
  };
  const { rows, total } = await repo.listInvoices(ctx.db, filters, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    invoices: rows.map(toSummaryDto),
    totalInvoices: total,
    totalPages: paginate(total, query.page, query.limit).totalPages,
    currentPage: query.page,
  };
}

/**
 * Every invoice the list's filters select, every page, newest issue date first (the export),
 * scoped as the list: the list's total is checked against the export's cap first.
 */
export async function exportInvoices(
  ctx: AppContext,
  user: SessionUser,
  query: Omit<InvoiceListQuery, 'page' | 'limit'>,
): Promise<AsyncGenerator<InvoiceSummaryDto>> {
  const filters = {
    month: monthRange(query.month),
    locationId: listScope(user, query.locationId),
    status: query.status,
    search: query.search,
  };
  const { total } = await repo.listInvoices(ctx.db, filters, { limit: 1, offset: 0 });
  checkExportSize(total);
  return summaries(
    inChunks((after: { issueDate: string; id: number } | null) =>
      repo.invoicesAfter(ctx.db, filters, after, EXPORT_CHUNK),
    ),
  );
}

async function* summaries(rows: AsyncIterable<Parameters<typeof toSummaryDto>[0]>) {
  for await (const row of rows) yield toSummaryDto(row);
}

/** One invoice, whole, as the user may see it: another location's is 404. */
export async function getInvoice(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<InvoiceDto> {
  return wholeInvoice(ctx, id, (locationId) =>
    assertReadable(user, locationId, INVOICE_MESSAGES.notFound),
  );
}

/**
 * The invoice's Excel file (02 section 2.4) and its Content-Disposition, built from the invoice as
 * it is now. Another location's invoice is 404.
 */
export async function invoiceExcel(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ file: Buffer; attachment: string }> {
  const [invoice, heading] = await Promise.all([getInvoice(ctx, user, id), invoiceHeading(ctx)]);
  return { file: await invoiceFile(invoice, heading), attachment: invoiceAttachment(invoice) };
}

/** The invoice with its items and their usages, once `check` has passed its location. */
async function wholeInvoice(
  ctx: AppContext,
  id: number,
  check: (locationId: number) => void = () => undefined,
): Promise<InvoiceDto> {
  const found = await repo.findInvoice(ctx.db, id);
  if (!found) throw notFound(INVOICE_MESSAGES.notFound);
  check(found.invoice.locationId);
  const { invoice, location, user: creator, items } = found;
  return {
    ...toSummaryDto({
      ...invoice,
      locationName: location.name,
      locationAddress: location.address,
    }),
    clientAddress: invoice.clientAddress,
    department: invoice.department,
    job_period: invoice.jobPeriod,
    job_details: invoice.jobDetails,
    signature: invoice.signature,
    notes: invoice.notes,
    invoice_remark: invoice.invoiceRemark,
    user: creator,
    items: items.map(
      (item): InvoiceItemDto => ({
        id: item.id,
        location: item.location,
        item_date: item.itemDate,
        job_description: item.jobDescription,
        job_type: item.jobType,
        uom: item.uom,
        quantity: item.quantity,
        length: item.length,
        width: item.width,
        height: item.height,
        remark: item.remark,
        itemTotalCalculatedQuantity: item.itemTotalCalculatedQuantity,
        materialUsages: item.usages.map((usage) => ({
          id: usage.id,
          materialId: usage.materialId,
          materialName: usage.materialName,
          usageType: usage.usageType,
          quantity: usage.quantity,
          length: usage.length,
          width: usage.width,
          height: usage.height,
          notes: usage.notes,
        })),
      }),
    ),
  };
}

/**
 * The items as stored: each calculated quantity by the shared function (what a client sent for
 * it is not even read), and the grand total their sum.
 */
export function itemsToStore(items: InvoiceInput['items']) {
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

/** A location named in the body: held until the transaction ends, a missing one 400. */
async function heldLocation(db: DbExecutor, id: number) {
  const location = await holdLocation(db, id);
  return location ?? requireLocation(db, id);
}

type Activity = { action: string; description: string; details: Record<string, unknown> };

/** Writes a new DRAFT invoice and its items in the open transaction, with its activity entry. */
async function insertNewInvoice(
  tx: DbExecutor,
  actor: Actor,
  input: InvoiceInput,
  activity: (invoice: repo.InvoiceRow, locationName: string) => Activity,
): Promise<number> {
  const location = await heldLocation(tx, input.locationId);
  await checkUsages(tx, location.id, input.items);
  const { items, grandTotal } = itemsToStore(input.items);
  const row = await repo.insertInvoice(tx, {
    ...detailsOf(input),
    createdById: actor.user.id,
    status: 'DRAFT',
    grandTotalCalculatedVolumeQty: grandTotal,
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
 * and a finalized one is an admin's alone.
 */
async function lockForChange(tx: DbExecutor, user: SessionUser, id: number) {
  const invoice = await repo.lockInvoice(tx, id);
  if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
  assertReadable(user, invoice.locationId, INVOICE_MESSAGES.notFound);
  assertWritable(user, invoice.locationId);
  if (isFinalized(invoice.status) && !isAdmin(user)) {
    throw forbidden(INVOICE_MESSAGES.finalizedAdminOnly);
  }
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
      // Moving an invoice is a write at both locations.
      assertWritable(actor.user, input.locationId);
      const location = await heldLocation(tx, input.locationId);
      await checkUsages(tx, location.id, input.items);
      const { items, grandTotal } = itemsToStore(input.items);
      const row = await repo.updateInvoice(tx, id, {
        ...detailsOf(input),
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
          },
          after: {
            invoiceId: row.invoiceId,
            locationId: row.locationId,
            clientName: row.clientName,
            grandTotal,
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

/** Mark as Finalized (or back to draft, which only an admin can do to a finalized invoice). */
export async function setInvoiceStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: InvoiceStatus,
): Promise<InvoiceDto> {
  await inTransaction(ctx, async ({ tx }) => {
    const before = await lockForChange(tx, actor.user, id);
    const row = await repo.updateInvoice(tx, id, { status });
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_INVOICE_STATUS',
      description: `Marked invoice ${row.invoiceId} as ${status}`,
      entityType: 'invoice',
      entityId: String(id),
      locationId: row.locationId,
      details: { invoiceId: row.invoiceId, before: statusOf(before.status), after: status },
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

/**
 * The job type summary report (03 section 2.7) over every invoice the viewer may see (a field
 * manager's location's), in a month and at a location when asked: item quantities and calculated
 * quantities per job type and unit, summed in SQL and ordered as the shared summary orders them.
 */
export async function jobTypeSummary(
  ctx: AppContext,
  user: SessionUser,
  query: JobTypeSummaryQuery,
): Promise<JobTypeSummaryDto> {
  const sums = await repo.sumItemsByJobTypeAndUom(ctx.db, {
    month: monthRange(query.month),
    locationId: listScope(user, query.locationId),
  });
  return summarizeByJobType(
    sums.map((row) => ({
      job_type: row.jobType,
      uom: row.uom,
      quantity: row.quantity,
      itemTotalCalculatedQuantity: row.calculated,
    })),
  );
}
