import { z } from 'zod';
import { formatMoney } from '../billing';
import { INVOICE_UOMS, JOB_TYPES, roundQuantity } from '../calculations';
import { PAGE_SIZES } from '../constants';
import { parseIsoDate } from '../dates';
import { issuedDocumentSchema } from '../e-invoice';
import {
  CHARGE_KINDS,
  INVOICE_KINDS,
  INVOICE_MESSAGES,
  INVOICE_STATUSES,
  type InvoiceKind,
  MAX_DIMENSION,
  MAX_INVOICE_ITEMS,
  MAX_ITEM_QUANTITY,
  MAX_ITEM_USAGES,
  MONTH_PATTERN,
  USAGE_TYPES,
} from '../invoices';
import { idField, optionalIdQuery, paginationQuery } from './common';
import { exportFields } from './exports';
import { isoInstantSchema } from './responses';
import { blankToUndefined, optionalText, plainText, requiredText, upperCased } from './text';

/** Invoices (02 sections 2.1 to 2.4, 3 to 9; 03 sections 2.6, 2.7 and 5): the one contract of both ends. */

/** A required yyyy-MM-dd that exists on the calendar. */
const isoDateField = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: message }).refine((text) => parseIsoDate(text) !== null, { error: message }),
  );

/** A number of a form (text) or a client (a JSON number); a blank is 0 (02 section 5). */
const toNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  if (blank === undefined) return 0;
  if (typeof blank === 'string') {
    const text = blank.trim();
    return /^[0-9]*\.?[0-9]+$|^[0-9]+\.$/.test(text) ? Number(text) : blank;
  }
  return blank;
};

/** A whole quantity from 0: items and QTY usages. */
const wholeQuantity = (field: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: `${field} must be a whole number of at least 0` })
      .int({ error: `${field} must be a whole number of at least 0`, abort: true })
      .min(0, { error: `${field} must be a whole number of at least 0` })
      .max(MAX_ITEM_QUANTITY, { error: `${field} must be at most ${MAX_ITEM_QUANTITY}` }),
  );

/** A length, width or height in metres from 0, to the millimetre. */
const dimension = (field: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: `${field} must be a number of at least 0` })
      .min(0, { error: `${field} must be a number of at least 0` })
      .max(MAX_DIMENSION, { error: `${field} must be at most ${MAX_DIMENSION}` })
      .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, {
        error: `${field} can have at most 3 decimals`,
      }),
  );

/**
 * One material an item's job used. A QTY usage keeps its quantity and drops its dimensions; a SIZE
 * usage keeps length, width and height and drops its quantity (02 section 5).
 */
export const materialUsageSchema = z
  .object({
    materialId: idField(INVOICE_MESSAGES.materialRequired),
    usageType: z.preprocess(
      upperCased,
      z.enum(USAGE_TYPES, { error: INVOICE_MESSAGES.usageTypeInvalid }),
    ),
    quantity: wholeQuantity('Usage quantity'),
    length: dimension('Usage length'),
    width: dimension('Usage width'),
    height: dimension('Usage height'),
    notes: optionalText('Usage notes', 255),
  })
  .transform((usage) =>
    usage.usageType === 'QTY'
      ? { ...usage, length: 0, width: 0, height: 0 }
      : { ...usage, quantity: 0 },
  );
export type MaterialUsageInput = z.infer<typeof materialUsageSchema>;

/** One line of an invoice; its calculated quantity is the server's (a sent one is ignored). */
export const invoiceItemSchema = z.object({
  location: optionalText('Item location', 200),
  item_date: z.preprocess(
    blankToUndefined,
    isoDateField('Item date must be a valid date').optional(),
  ),
  job_description: optionalText('Description', 500, { multiline: true }),
  job_type: z.enum(JOB_TYPES, { error: INVOICE_MESSAGES.jobTypeInvalid }),
  uom: z.enum(INVOICE_UOMS, { error: INVOICE_MESSAGES.uomInvalid }),
  quantity: wholeQuantity('Quantity'),
  length: dimension('Length'),
  width: dimension('Width'),
  height: dimension('Height'),
  remark: optionalText('Remark', 500, { multiline: true }),
  materialUsages: z
    .array(materialUsageSchema, { error: 'Material usages must be a list' })
    .max(MAX_ITEM_USAGES, { error: INVOICE_MESSAGES.tooManyUsages })
    .default([]),
});
export type InvoiceItemInput = z.infer<typeof invoiceItemSchema>;

/**
 * The forms of the numbers the system gives (decision 047): invoices INV-2026-00001, credit notes
 * CN-2026-00001 (also their Invoice ID), delivery and return notes DN-2026-0001 and RN-2026-0001,
 * and hire invoices HIRE-2026-09-01-S12, read without case, accents or width.
 */
const SYSTEM_NUMBER = /^(?:(?:inv|cn|dn|rn)-[0-9]{4}-[0-9]+|hire-[\s\S]*)$/;

/** Whether a typed id takes the form of a number the system gives: such an id is refused. */
export function looksLikeSystemNumber(text: string): boolean {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase();
  return SYSTEM_NUMBER.test(folded);
}

/** The wizard's details step (02 section 2.2); every field but the seven required is optional. */
export const invoiceDetailsSchema = z.object({
  invoiceId: requiredText('Invoice ID', INVOICE_MESSAGES.invoiceIdRequired, 50).refine(
    (id) => typeof id !== 'string' || !looksLikeSystemNumber(id),
    { error: INVOICE_MESSAGES.invoiceIdReserved },
  ),
  locationId: idField(INVOICE_MESSAGES.locationRequired),
  clientName: requiredText('Client name', INVOICE_MESSAGES.clientNameRequired, 200),
  clientAddress: requiredText('Client address', INVOICE_MESSAGES.clientAddressRequired, 500, {
    multiline: true,
  }),
  issueDate: isoDateField(INVOICE_MESSAGES.issueDateRequired),
  dueDate: isoDateField(INVOICE_MESSAGES.dueDateRequired),
  department: optionalText('Department', 200),
  job_period: optionalText('Job period', 200),
  job_details: optionalText('Job details', 1000, { multiline: true }),
  signature: optionalText('Signature', 200),
  notes: optionalText('Notes', 2000, { multiline: true }),
  invoice_remark: optionalText('Invoice remarks', 2000, { multiline: true }),
});

const dueNotBeforeIssue = (invoice: { issueDate: string; dueDate: string }) =>
  invoice.dueDate >= invoice.issueDate;

export const invoiceDetailsFormSchema = invoiceDetailsSchema.refine(dueNotBeforeIssue, {
  error: INVOICE_MESSAGES.dueBeforeIssue,
  path: ['dueDate'],
});

const itemsField = z
  .array(invoiceItemSchema, { error: INVOICE_MESSAGES.noItemsOnSubmit })
  .min(1, { error: INVOICE_MESSAGES.noItemsOnSubmit })
  .max(MAX_INVOICE_ITEMS, { error: INVOICE_MESSAGES.tooManyItems });

/**
 * What POST and PUT /invoices take. The creator is the signed-in user and the status changes through
 * PATCH /invoices/{id}/status only: a createdById, status or total sent along is dropped.
 */
export const invoiceSchema = invoiceDetailsSchema
  .extend({ items: itemsField })
  .refine(dueNotBeforeIssue, { error: INVOICE_MESSAGES.dueBeforeIssue, path: ['dueDate'] });
export type InvoiceInput = z.infer<typeof invoiceSchema>;

/** The longest reason a credit note gives. */
export const MAX_CREDIT_REASON = 500;

const idList = (field: string) =>
  z
    .array(z.int({ error: `${field} must be ids` }).positive({ error: `${field} must be ids` }), {
      error: `${field} must be a list of ids`,
    })
    .max(MAX_INVOICE_ITEMS, { error: `${field} can name at most ${MAX_INVOICE_ITEMS} lines` })
    .optional();

/**
 * POST /invoices/{id}/credit-notes: why, and which lines (items of a work invoice, charges of a
 * hire invoice); no ids at all credits every line not credited yet.
 */
export const CLIENT_EMAIL_MESSAGE = 'Client e-mail must be a valid e-mail address';

/**
 * PATCH /invoices/:id/client: whom a draft of any kind is made out to. A hire
 * invoice takes its client from the site's customer when a billing run makes it; this corrects it
 * before it is finalized.
 */
export const invoiceClientSchema = z
  .object({
    clientName: requiredText('Client name', INVOICE_MESSAGES.clientNameRequired, 200),
    clientAddress: requiredText('Client address', INVOICE_MESSAGES.clientAddressRequired, 500, {
      multiline: true,
    }),
    clientEmail: z.preprocess(
      (value) =>
        value === undefined || value === null || (typeof value === 'string' && !value.trim())
          ? null
          : typeof value === 'string'
            ? value.trim()
            : value,
      z.email({ error: CLIENT_EMAIL_MESSAGE }).max(254, { error: CLIENT_EMAIL_MESSAGE }).nullable(),
    ),
    clientVatId: z.preprocess((value) => value ?? undefined, optionalText('VAT ID', 40)),
  })
  .strict();
export type InvoiceClientInput = z.input<typeof invoiceClientSchema>;
export type InvoiceClient = z.infer<typeof invoiceClientSchema>;

export const creditNoteSchema = z
  .object({
    reason: requiredText('Reason', INVOICE_MESSAGES.creditReasonRequired, MAX_CREDIT_REASON, {
      multiline: true,
    }),
    itemIds: idList('Item ids'),
    chargeIds: idList('Charge ids'),
  })
  .refine(
    // Lines named, but none: not "every line", which is said by naming no list at all.
    (input) =>
      (input.itemIds === undefined && input.chargeIds === undefined) ||
      (input.itemIds?.length ?? 0) + (input.chargeIds?.length ?? 0) > 0,
    { error: INVOICE_MESSAGES.creditChooseLines, path: ['itemIds'] },
  );
export type CreditNoteInput = z.infer<typeof creditNoteSchema>;

export const invoiceStatusSchema = z.object({
  status: z.preprocess(
    upperCased,
    z.enum(INVOICE_STATUSES, { error: `Status must be one of ${INVOICE_STATUSES.join(', ')}` }),
  ),
});

const monthQuery = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'Month must be written yyyy-MM' })
    .regex(MONTH_PATTERN, { error: 'Month must be written yyyy-MM' })
    .optional(),
);

/** A location filter where 0 (All Locations) means every location. */
const locationFilterQuery = z.preprocess(
  (value) => (value === '0' || value === 0 ? undefined : value),
  optionalIdQuery('Location must be a location id, or 0 for all'),
);

export const invoiceListQuery = paginationQuery(PAGE_SIZES.invoices).extend({
  search: z.preprocess(
    blankToUndefined,
    plainText(z.string().trim().max(100), 'Search').optional(),
  ),
  status: z.preprocess(
    (value) => upperCased(blankToUndefined(value)),
    z
      .enum(INVOICE_STATUSES, { error: `Status must be one of ${INVOICE_STATUSES.join(', ')}` })
      .optional(),
  ),
  locationId: locationFilterQuery,
  month: monthQuery,
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** GET <list>/export: the list's filters, every page, as xlsx or csv. */
export const invoiceExportQuery = invoiceListQuery
  .omit({ page: true, limit: true })
  .extend(exportFields);
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;

export const jobTypeSummaryQuery = z.object({
  locationId: locationFilterQuery,
  month: monthQuery,
});
export type JobTypeSummaryQuery = z.infer<typeof jobTypeSummaryQuery>;

// Answers.

export const materialUsageDtoSchema = z.object({
  id: z.int(),
  materialId: z.int(),
  materialName: z.string(),
  usageType: z.enum(USAGE_TYPES),
  quantity: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  notes: z.string().nullable(),
});
export type MaterialUsageDto = z.infer<typeof materialUsageDtoSchema>;

export const invoiceItemDtoSchema = z.object({
  id: z.int(),
  location: z.string().nullable(),
  item_date: z.string().nullable(),
  job_description: z.string().nullable(),
  job_type: z.enum(JOB_TYPES),
  uom: z.enum(INVOICE_UOMS),
  quantity: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  remark: z.string().nullable(),
  itemTotalCalculatedQuantity: z.number(),
  /** The work rate of its job type and unit when saved (cents a unit); null: no rate. */
  rateCents: z.int().nullable(),
  amountCents: z.int(),
  /** A credit note has taken this line back. */
  credited: z.boolean(),
  materialUsages: z.array(materialUsageDtoSchema),
});
export type InvoiceItemDto = z.infer<typeof invoiceItemDtoSchema>;

/** A money line of a hire invoice or a credit note. */
export const invoiceChargeDtoSchema = z.object({
  id: z.int(),
  kind: z.enum(CHARGE_KINDS),
  description: z.string(),
  unit: z.string().nullable(),
  quantity: z.int(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  days: z.int().nullable(),
  dayCents: z.int().nullable(),
  weekCents: z.int().nullable(),
  minimumDays: z.int().nullable(),
  unitCents: z.int().nullable(),
  amountCents: z.int(),
  /**
   * A hire line's days of hire of its units before `fromDate`, which its explanation says were
   * billed before; null for any other line.
   */
  daysBilledBefore: z.int().nullable().optional(),
  /** A credit note has taken this line back. */
  credited: z.boolean(),
  /** A credit note's line: the item or the money line of the invoice it takes back. */
  creditedItemId: z.int().nullable(),
  creditedChargeId: z.int().nullable(),
});
export type InvoiceChargeDto = z.infer<typeof invoiceChargeDtoSchema>;

/** The rate a money line was priced with, in cents: a hire line's day rate, a write-off's unit value. */
export function chargeRateCents(charge: Pick<InvoiceChargeDto, 'dayCents' | 'unitCents'>) {
  return charge.dayCents ?? charge.unitCents;
}

/** A money line's rate as people read it: '£2.50/day, £12.00/week', '£80.00/unit', or ''. */
export function chargeRateText(
  charge: Pick<InvoiceChargeDto, 'kind' | 'dayCents' | 'weekCents' | 'unitCents'>,
  currency: string,
): string {
  if (charge.kind === 'HIRE' && charge.dayCents !== null) {
    const day = `${formatMoney(charge.dayCents, currency)}/day`;
    return charge.weekCents === null
      ? day
      : `${day}, ${formatMoney(charge.weekCents, currency)}/week`;
  }
  if ((charge.kind === 'WRITE_OFF' || charge.kind === 'SCRAP') && charge.unitCents !== null) {
    return `${formatMoney(charge.unitCents, currency)}/unit`;
  }
  return '';
}

/** What an invoice is called on paper and on screen: a credit note, or an invoice. */
export const invoiceTitle = (invoice: { kind: InvoiceKind }) =>
  invoice.kind === 'CREDIT' ? 'CREDIT NOTE' : 'INVOICE';

/** A row of the invoice list. */
export const invoiceSummaryDtoSchema = z.object({
  id: z.int(),
  invoiceId: z.string(),
  locationId: z.int(),
  location: z.object({ name: z.string(), address: z.string().nullable() }),
  createdById: z.int().nullable(),
  clientName: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** Kept for compatibility: a sum across units, shown nowhere as a total (see volumeTotals). */
  grandTotalCalculatedVolumeQty: z.number(),
  kind: z.enum(INVOICE_KINDS),
  /** INV-2026-00001 or CN-2026-00001 once finalized; null on a draft. */
  number: z.string().nullable(),
  currency: z.string(),
  grossCents: z.int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type InvoiceSummaryDto = z.infer<typeof invoiceSummaryDtoSchema>;

/** One invoice, whole. */
export const invoiceDtoSchema = invoiceSummaryDtoSchema.extend({
  clientAddress: z.string(),
  department: z.string().nullable(),
  job_period: z.string().nullable(),
  job_details: z.string().nullable(),
  signature: z.string().nullable(),
  notes: z.string().nullable(),
  invoice_remark: z.string().nullable(),
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
  items: z.array(invoiceItemDtoSchema),
  finalizedAt: isoInstantSchema.nullable(),
  clientEmail: z.string().nullable(),
  clientVatId: z.string().nullable(),
  vatRateBp: z.int(),
  netCents: z.int(),
  vatCents: z.int(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** A credit note's invoice, and its number. */
  creditedInvoiceId: z.int().nullable(),
  creditedInvoiceNumber: z.string().nullable(),
  /** The credit notes of this invoice, oldest first. */
  creditNotes: z.array(z.object({ id: z.int(), number: z.string().nullable() })),
  /** The calculated quantities summed per unit, in the order of INVOICE_UOMS: never across units. */
  volumeTotals: z.array(z.object({ uom: z.enum(INVOICE_UOMS), quantity: z.number() })),
  /** The money lines of a hire invoice or a credit note. */
  charges: z.array(invoiceChargeDtoSchema),
  /** What it was issued with, once finalized (decision 053): its files read this. */
  issued: issuedDocumentSchema.nullable(),
});
export type InvoiceDto = z.infer<typeof invoiceDtoSchema>;

export const invoiceListDtoSchema = z.object({
  invoices: z.array(invoiceSummaryDtoSchema),
  totalPages: z.int().min(1),
  totalInvoices: z.int().min(0),
  currentPage: z.int().min(1),
});
export type InvoiceListDto = z.infer<typeof invoiceListDtoSchema>;

/**
 * The Job Type Summary: per job type, one row per unit with its item quantity and calculated
 * quantity. Its totals are per job type and unit: volumes of different units are never added.
 */
export const jobTypeSummaryDtoSchema = z.array(
  z.object({
    jobType: z.string(),
    /**
     * @deprecated The job type's calculated quantities summed across its units, kept for older
     * clients only: nothing shows it. Read `uoms`, a total per unit.
     */
    totalCalculatedQuantity: z.number().meta({
      deprecated: true,
      description:
        "The job type's calculated quantities summed across units, for older clients: read uoms, a total per unit.",
    }),
    uoms: z.array(
      z.object({
        uom: z.string(),
        totalItemQuantity: z.number(),
        totalCalculatedQuantity: z.number(),
      }),
    ),
  }),
);
export type JobTypeSummaryDto = z.infer<typeof jobTypeSummaryDtoSchema>;

export type JobTypeSummary = JobTypeSummaryDto;

/**
 * An invoice's calculated quantities summed per unit, to 2 decimals, in the order of INVOICE_UOMS:
 * quantities of different units are never added together.
 */
export function volumeTotalsByUom(
  items: readonly { uom: string; itemTotalCalculatedQuantity: number }[],
): { uom: (typeof INVOICE_UOMS)[number]; quantity: number }[] {
  return INVOICE_UOMS.flatMap((uom) => {
    const ofUnit = items.filter((item) => item.uom === uom);
    if (ofUnit.length === 0) return [];
    const sum = ofUnit.reduce((total, item) => total + item.itemTotalCalculatedQuantity, 0);
    return [{ uom, quantity: roundQuantity(sum) }];
  });
}

/**
 * Items grouped by job type, then by unit (the Job Type Summary dialog, the preview, the item
 * list's card, the Excel file and the report): item quantity and calculated quantity per job type
 * and unit, to 2 decimals; in the order of JOB_TYPES and INVOICE_UOMS. Every total shown is one of
 * these rows: a job type's units are not added together (the deprecated `totalCalculatedQuantity`
 * is still filled for older API clients).
 */
export function summarizeByJobType(
  items: readonly {
    job_type: string;
    uom: string;
    quantity: number;
    itemTotalCalculatedQuantity: number;
  }[],
): JobTypeSummary {
  const order = (list: readonly string[], value: string) => {
    const index = list.indexOf(value);
    return index === -1 ? list.length : index;
  };
  const groups = new Map<string, Map<string, { quantity: number; calculated: number }>>();
  for (const item of items) {
    const byUom = groups.get(item.job_type) ?? new Map();
    groups.set(item.job_type, byUom);
    const sums = byUom.get(item.uom) ?? { quantity: 0, calculated: 0 };
    byUom.set(item.uom, {
      quantity: sums.quantity + item.quantity,
      calculated: sums.calculated + item.itemTotalCalculatedQuantity,
    });
  }
  return [...groups.entries()]
    .sort(([a], [b]) => order(JOB_TYPES, a) - order(JOB_TYPES, b) || a.localeCompare(b))
    .map(([jobType, byUom]) => {
      const uoms = [...byUom.entries()]
        .sort(([a], [b]) => order(INVOICE_UOMS, a) - order(INVOICE_UOMS, b) || a.localeCompare(b))
        .map(([uom, sums]) => ({
          uom,
          totalItemQuantity: roundQuantity(sums.quantity),
          totalCalculatedQuantity: roundQuantity(sums.calculated),
        }));
      return {
        jobType,
        totalCalculatedQuantity: roundQuantity(
          uoms.reduce((sum, row) => sum + row.totalCalculatedQuantity, 0),
        ),
        uoms,
      };
    });
}
