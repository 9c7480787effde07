import {
  INVOICE_MESSAGES,
  type InvoiceDto,
  type InvoiceItemDto,
  type InvoiceKind,
  type InvoiceListDto,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceSummaryDto,
  isFinalized,
  type JobTypeSummaryDto,
  type JobTypeSummaryQuery,
  MONTH_PATTERN,
  type SessionUser,
  summarizeByJobType,
  toIsoDate,
  volumeTotalsByUom,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { checkExportSize, EXPORT_CHUNK, inChunks } from '../../lib/list-export';
import { assertReadable, listScope } from '../../lib/location-scope';
import { paginate } from '../../lib/reply';
import * as repo from './invoices.repository';

/**
 * Invoices as they are read: the list, its export, one invoice whole, the job type summary. What
 * changes them lives beside: invoices-edits (a draft's fields and items), invoices-issuing
 * (finalizing), invoices-credit-notes, invoices-hire-drafts (a billing run's), invoices-files.
 */

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

export const statusOf = (status: string): InvoiceStatus =>
  isFinalized(status) ? 'FINALIZED' : 'DRAFT';

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

/** The invoice with its items and their usages, once `check` has passed its location. */
export async function wholeInvoice(
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
