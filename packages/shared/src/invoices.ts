import { INVOICE_UOMS, JOB_TYPES } from './calculations';
import { type CalendarDate, toIsoDate } from './dates';

/**
 * An invoice's statuses, kinds, usage types and their labels, its limits and messages, and the
 * rules of a new one's id and dates, and no schema (decision 074): the invoices page imports them
 * without building the invoices' zod schemas, which schemas/invoices.ts makes from them.
 */

export const INVOICE_STATUSES = ['DRAFT', 'FINALIZED'] as const;

/** What an invoice bills: volume work (the spec's), hire from a billing run, or a credit note. */
export const INVOICE_KINDS = ['WORK', 'HIRE', 'CREDIT'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  WORK: 'Work',
  HIRE: 'Hire',
  CREDIT: 'Credit note',
};

/**
 * What a money line of a hire invoice or a credit note is: hire, lost or scrapped units, a credit,
 * or a correction of a bill whose days or rates changed after it.
 */
export const CHARGE_KINDS = ['HIRE', 'WRITE_OFF', 'SCRAP', 'CREDIT', 'CORRECTION'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Anything not finalized is a draft; the status compares case-insensitively (02 section 4). */
export function isFinalized(status: string | null | undefined): boolean {
  return (status ?? '').trim().toUpperCase() === 'FINALIZED';
}

export const USAGE_TYPES = ['QTY', 'SIZE'] as const;
export type UsageType = (typeof USAGE_TYPES)[number];
export const USAGE_TYPE_LABELS: Record<UsageType, string> = {
  QTY: 'Quantity',
  SIZE: 'Size (L/W/H)',
};

/** How many items an invoice holds, and usage rows an item, at most. */
export const MAX_INVOICE_ITEMS = 1000;
export const MAX_ITEM_USAGES = 50;
/** The largest whole quantity and the largest dimension (metres) an item or a usage takes. */
export const MAX_ITEM_QUANTITY = 1_000_000;
export const MAX_DIMENSION = 100_000;

export const INVOICE_MESSAGES = {
  invoiceIdRequired: 'Invoice ID is required',
  locationRequired: 'Location is required',
  creatorRequired: 'Creator ID is required',
  clientNameRequired: 'Client name is required',
  clientAddressRequired: 'Client address is required',
  issueDateRequired: 'Issue date is required',
  dueDateRequired: 'Due date is required',
  dueBeforeIssue: 'Due date cannot be before the issue date',
  detailsInvalid: 'Please fill all required invoice details correctly.',
  noItemsOnSubmit: 'Please add at least one item.',
  noItemsOnPreview: 'Please add at least one item to the invoice.',
  tooManyItems: `An invoice can hold at most ${MAX_INVOICE_ITEMS} items`,
  tooManyUsages: `An item can record at most ${MAX_ITEM_USAGES} material usages`,
  jobTypeInvalid: `Job type must be one of ${JOB_TYPES.join(', ')}`,
  uomInvalid: `UOM must be one of ${INVOICE_UOMS.join(', ')}`,
  usageTypeInvalid: 'Usage type must be QTY or SIZE',
  materialRequired: 'Please select a material',
  usageExceedsStock: (available: number) =>
    `Invalid Quantity: Cannot use more than the available quantity of ${available}.`,
  materialNotAtLocation: "A material used must be at the invoice's location",
  invoiceIdTaken: 'An invoice with this ID already exists',
  /** The ids a person types never take the form of a number the system gives. */
  invoiceIdReserved:
    'Invoice ID must not look like a number the system gives (INV-2026-00001, CN-2026-00001, DN-2026-0001, RN-2026-0001 or HIRE-…): choose another.',
  notFound: 'Invoice not found',
  /** A finalized invoice (or credit note) is never changed or deleted. */
  finalizedCannotChange: 'A finalized invoice cannot change: correct it with a credit note.',
  /** A hire invoice's lines are its billing run's: the invoice form does not edit them. */
  hireNotEditable:
    'A hire invoice is made by its billing run: delete the draft and run the billing again to change it.',
  creditAdminOnly: 'Only an admin can issue a credit note.',
  creditOnlyFinalized:
    'Only a finalized invoice is corrected by a credit note; change the draft instead.',
  creditNothingLeft: 'Every line of this invoice has been credited already.',
  /** Lists of lines were sent, both empty (the dialog's own wording when nothing is ticked). */
  creditChooseLines: 'Choose the lines to credit, or credit all of them.',
  /** An invoice without a line: there is nothing a credit note could take back. */
  creditNoLines: 'This invoice has no lines to credit.',
  creditLineCredited: (line: string) => `${line} has been credited already.`,
  creditLineNotOnInvoice: 'Every line credited must be a line of this invoice.',
  creditReasonRequired: 'A reason is required',
  creditNoteCreated: 'Credit note created.',
  creditConfirm: (number: string) =>
    `A credit note is issued for the chosen lines of invoice ${number}, numbered and final at once.`,
  creditFailed: 'Failed to create the credit note.',
  pdfFailed: 'Failed to download the PDF.',
  eInvoiceFailed: 'Failed to download the e-invoice.',
  eInvoiceDraft: 'Only a finalized invoice or credit note is an e-invoice: finalize it first.',
  noErectionItems:
    'No Erection Job Items Found: There are no Erection items on this invoice to convert to a rental.',
  deleteConfirm: (invoiceId: string) =>
    `Are you sure you want to delete invoice ${invoiceId}? This action cannot be undone.`,
  // Lasting actions are confirmed first, saying what they do.
  finalizeConfirm: (invoiceId: string) =>
    `Invoice ${invoiceId} becomes final and gets its number: after this it cannot change, and only a credit note corrects it.`,
  convertConfirm: (invoiceId: string) =>
    `A new rental invoice is created from the Erection items of invoice ${invoiceId}, dated next month. Invoice ${invoiceId} stays as it is.`,
  // Toasts of 02 section 8 and success lines.
  listLoad: 'Failed to fetch invoices',
  conversionInvalid: 'Invalid invoice selected for conversion.',
  conversionDetails: 'Failed to fetch full invoice details for conversion.',
  conversionFailed: 'Failed to convert invoice to rental.',
  deleteFailed: 'Failed to delete invoice',
  statusFailed: 'Failed to update invoice status',
  excelFailed: 'Failed to download Excel.',
  editLoad: 'Failed to load invoice data for editing.',
  wizardInitialData: 'Could not load initial location/material data.',
  saveFailed: (editing: boolean) =>
    editing ? 'Failed to updating invoice' : 'Failed to creating invoice',
  created: 'Invoice created successfully.',
  updated: 'Invoice updated successfully.',
  itemsSaved: 'Invoice items saved successfully.',
  deleted: 'Invoice deleted successfully.',
  finalized: 'Invoice marked as finalized.',
  excelDownloaded: 'Excel downloaded.',
  clientUpdated: 'Client updated.',
  converted: 'Rental invoice created.',
  itemListLoading: 'Loading invoice items...',
  itemListNotFound: 'Invoice not found.',
  itemListFailed: 'Failed to load invoice items. Please try again.',
  summaryLoading: 'Loading summary report...',
  summaryFailed: 'Failed to load summary data. Please try again.',
  summaryEmpty: 'No data available for the summary report.',
} as const;

/** Days from the issue date to a new invoice's due date. */
export const INVOICE_DUE_DAYS = 15;

/** A new invoice's default ID: INV- and six random digits. */
export function defaultInvoiceId(random: () => number = Math.random): string {
  return `INV-${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}`;
}

/** A converted rental invoice's ID: INV-RENT- and the time of conversion in milliseconds. */
export function rentalInvoiceId(now: Date): string {
  return `INV-RENT-${now.getTime()}`;
}

/** The first and last day of the month after `today`: a converted rental invoice's issue and due dates. */
export function nextMonthRange(today: CalendarDate): { issueDate: string; dueDate: string } {
  const year = today.month === 12 ? today.year + 1 : today.year;
  const month = today.month === 12 ? 1 : today.month + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    issueDate: toIsoDate({ year, month, day: 1 }),
    dueDate: toIsoDate({ year, month, day: lastDay }),
  };
}

/** yyyy-MM, the month picker's value. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
