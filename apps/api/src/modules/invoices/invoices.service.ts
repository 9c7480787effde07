import {
  type CalendarDate,
  type CreditNoteInput,
  creditNoteTotals,
  grandTotalQuantity,
  INVOICE_MESSAGES,
  type InvoiceClient,
  type InvoiceDto,
  type InvoiceInput,
  type InvoiceItemDto,
  type InvoiceKind,
  type InvoiceListDto,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceSummaryDto,
  type IssuedDocument,
  type IssuedSeller,
  invoiceTotals,
  isFinalized,
  itemCalculatedQuantity,
  type JobTypeSummaryDto,
  type JobTypeSummaryQuery,
  localToday,
  MONTH_PATTERN,
  missingForIssue,
  NOT_READY_TO_ISSUE,
  nextMonthRange,
  normalizeRole,
  parseIsoDate,
  rentalInvoiceId,
  type SessionUser,
  summarizeByJobType,
  toDisplayDate,
  toIsoDate,
  vatCategoryOf,
  volumeTotalsByUom,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { checkExportSize, EXPORT_CHUNK, inChunks } from '../../lib/list-export';
import { assertReadable, assertWritable, listScope } from '../../lib/location-scope';
import { isUniqueViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { holdLocation } from '../locations/locations.service';
import { takeDocumentNumber } from '../settings/billing-settings.service';
import { currentIssuer, invoiceHeading } from '../settings/settings.service';
import { eInvoiceName, eInvoiceXml } from './invoices.e-invoice';
import { type InvoiceHeading, invoiceAttachment, invoiceFile } from './invoices.excel';
import { facturXPdf } from './invoices.factur-x';
import { priceWorkInvoice } from './invoices.money';
import { invoicePdfName, renderInvoicePdf } from './invoices.pdf';
import * as repo from './invoices.repository';

const isAdmin = (user: SessionUser) => normalizeRole(user.role) === 'ADMIN';

/** Issue dates in a month (yyyy-MM): from its first day to the first of the next. */
function monthRange(month: string | undefined): { from: string; to: string } | undefined {
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
  kind: InvoiceKind;
  number: string | null;
  currency: string;
  grossCents: number;
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
    kind: row.kind,
    number: row.number,
    currency: row.currency,
    grossCents: row.grossCents,
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
 * The invoice's Excel file (02 section 2.4) and its Content-Disposition: a draft as it is now, a
 * finalized invoice as it was issued (decision 053). Another location's invoice is 404.
 */
export async function invoiceExcel(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ file: Buffer; attachment: string }> {
  const { invoice, heading } = await documentOf(ctx, user, id);
  return { file: await invoiceFile(invoice, heading), attachment: invoiceAttachment(invoice) };
}

/**
 * The invoice (or credit note) as an A4 PDF and its file name: a draft as it is now, a finalized
 * one as it was issued, with its e-invoice embedded (Factur-X, decision 053). Another location's
 * is 404.
 */
export async function invoicePdf(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ file: Buffer; fileName: string }> {
  const { invoice, heading, credited } = await documentOf(ctx, user, id);
  return {
    file: invoice.issued
      ? await facturXPdf(invoice, heading, credited)
      : await renderInvoicePdf(invoice, heading),
    fileName: invoicePdfName(invoice),
  };
}

/**
 * A finalized invoice or credit note as an EN 16931 e-invoice (UN/CEFACT CII XML, decision 053),
 * from what it was issued with. A draft is none (409).
 */
export async function invoiceEInvoice(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ file: Buffer; fileName: string }> {
  const { invoice, credited } = await documentOf(ctx, user, id);
  if (!invoice.issued) throw conflict(INVOICE_MESSAGES.eInvoiceDraft);
  return {
    file: Buffer.from(eInvoiceXml(invoice, credited), 'utf8'),
    fileName: eInvoiceName(invoice),
  };
}

/** The company as a document's head names it: its name, address and legal details. */
function headingOf(seller: IssuedSeller): InvoiceHeading | null {
  if (!seller.name) return null;
  const place = [seller.postcode, seller.city].filter(Boolean).join(' ');
  return {
    companyName: seller.name,
    address: [seller.address, place, seller.countryCode].filter(Boolean).join('\n'),
    details: [
      [seller.phone, seller.email].filter(Boolean).join(' · '),
      seller.vatId ? `VAT ID: ${seller.vatId}` : '',
      seller.taxNumber ? `Tax number: ${seller.taxNumber}` : '',
      seller.registerEntry,
      seller.iban ? `IBAN: ${seller.iban}${seller.bic ? `  BIC: ${seller.bic}` : ''}` : '',
    ].filter(Boolean),
  };
}

/**
 * The invoice as its files show it (decision 053): a finalized invoice or credit note as it was
 * issued (its buyer, site and creator as they were, no later credit note marked on its lines), a
 * draft as it is now; with the company's heading, and for a credit note the invoice it corrects.
 */
async function documentOf(ctx: AppContext, user: SessionUser, id: number) {
  const now = await getInvoice(ctx, user, id);
  const credited =
    now.kind === 'CREDIT' && now.creditedInvoiceId !== null
      ? await wholeInvoice(ctx, now.creditedInvoiceId)
      : null;
  if (!now.issued) {
    return { invoice: now, heading: await invoiceHeading(ctx), credited };
  }
  return {
    invoice: asIssued(now, now.issued),
    heading: headingOf(now.issued.seller),
    credited: credited?.issued ? asIssued(credited, credited.issued) : credited,
  };
}

/** A finalized invoice with the client, site and creator it was issued with. */
function asIssued(invoice: InvoiceDto, issued: IssuedDocument): InvoiceDto {
  const { buyer } = issued;
  const place = [buyer.postcode, buyer.city].filter(Boolean).join(' ');
  return {
    ...invoice,
    clientName: buyer.name,
    clientAddress: [buyer.address, place, buyer.countryCode].filter(Boolean).join('\n'),
    clientEmail: buyer.email,
    clientVatId: buyer.vatId,
    location: issued.site,
    user: issued.createdBy,
    creditNotes: [],
    items: invoice.items.map((item) => ({ ...item, credited: false })),
    charges: invoice.charges.map((charge) => ({ ...charge, credited: false })),
  };
}

/**
 * What an invoice is issued with now (decision 053), read in the finalizing transaction: the
 * company profile, the invoice's client with its site's customer's structured address, buyer
 * reference and zero rating, the site, the creator. What the law needs and is missing is a 409
 * that lists it.
 */
/**
 * What a credit note that a billing run issues for a finalized invoice is issued with (decision
 * 053): the company as it is now (as it was on the invoice, when the profile now lacks a detail the
 * law needs: a run does not stop for it), to the invoice's buyer.
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

async function issueOf(
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

/** The invoice with its items and their usages, once `check` has passed its location. */
async function wholeInvoice(
  ctx: AppContext,
  id: number,
  check: (locationId: number) => void = () => undefined,
): Promise<InvoiceDto> {
  const found = await repo.findInvoice(ctx.db, id);
  if (!found) throw notFound(INVOICE_MESSAGES.notFound);
  check(found.invoice.locationId);
  const { invoice, location, user: creator, items, charges } = found;
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
    finalizedAt: invoice.finalizedAt?.toISOString() ?? null,
    clientEmail: invoice.clientEmail,
    clientVatId: invoice.clientVatId,
    vatRateBp: invoice.vatRateBp,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    creditedInvoiceId: invoice.creditedInvoiceId,
    creditedInvoiceNumber: found.creditedInvoiceNumber,
    creditNotes: found.creditNotes,
    volumeTotals: volumeTotalsByUom(items),
    charges,
    issued: invoice.issued ?? null,
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
        rateCents: item.rateCents,
        amountCents: item.amountCents,
        credited: item.credited,
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
async function lockForChange(
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
async function lockVisible(tx: DbExecutor, user: SessionUser, id: number) {
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

/** The number series of invoices and of credit notes, and how their numbers are written. */
const SERIES = {
  INVOICE: { prefix: 'INV' },
  CREDIT_NOTE: { prefix: 'CN' },
} as const;

/**
 * The next number of a series this year, taken in the open transaction (takeDocumentNumber):
 * INV-2026-00001, CN-2026-00001.
 */
async function nextNumber(tx: DbExecutor, series: keyof typeof SERIES, now: Date) {
  const year = today(now).year;
  const next = await takeDocumentNumber(tx, series, year);
  return `${SERIES[series].prefix}-${year}-${String(next).padStart(5, '0')}`;
}

/**
 * Mark as Finalized: the invoice takes the next number of the year in the same transaction and
 * cannot change after it (409 back to draft). Finalizing a finalized invoice again changes nothing.
 */
/**
 * Whom a draft is made out to, whatever its kind (decision 044): a hire invoice's client came from
 * the site's customer when the run made it, and is corrected here before it is finalized.
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
            // Refused with what is missing before a number is taken (decision 053).
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
 * Issues a credit note of a finalized invoice: the one writer of credit notes, for an admin's
 * (lines taken back) and a billing run's (corrections) alike (decision 060). Finalized and
 * numbered at once (series CREDIT_NOTE), of the invoice's client, currency and VAT rate, kept as
 * `issued`. The note that brings the invoice and its credit notes to nothing (their nets add up to
 * zero) takes the remainder, VAT included, so that they add up to zero (issue 49, decision 048).
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
 * A billing run's new draft hire invoice of a site and period (decision 044): inserted here, by
 * the module that owns invoices (decision 060).
 */
export async function createHireDraft(tx: DbExecutor, values: repo.InvoiceValues) {
  return repo.insertInvoice(tx, { ...values, kind: 'HIRE', status: 'DRAFT' });
}

/** Lines of a billing run's drafts priced again: the old ones go (decision 048). */
export const removeDraftCharges = (tx: DbExecutor, ids: number[]) => repo.deleteCharges(tx, ids);

/**
 * A billing run's lines added to a draft (decision 048): they follow its last, and its totals are
 * read again from all its lines.
 */
export async function addDraftCharges(
  tx: DbExecutor,
  invoice: { id: number; vatRateBp: number },
  charges: repo.ChargeValues[],
) {
  await repo.appendCharges(tx, invoice.id, charges);
  const totals = invoiceTotals(await repo.chargeAmounts(tx, invoice.id), invoice.vatRateBp);
  await repo.updateInvoice(tx, invoice.id, totals);
  return totals;
}

/** The invoice a billing run corrects or adds to (its row as stored). */
export async function invoiceRow(tx: DbExecutor, id: number) {
  const row = await repo.invoiceRow(tx, id);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
}

/**
 * A credit note (decision 044, admins): a CREDIT invoice, finalized and numbered (series
 * CREDIT_NOTE) at once, of the invoice's client, currency and VAT rate, with one CREDIT line per
 * line taken back (its amount negated), each line taken back once. Only a finalized work or hire
 * invoice is corrected so (409).
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
      // Issued now by the company as it is, to the buyer the invoice was issued to (decision 053).
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
