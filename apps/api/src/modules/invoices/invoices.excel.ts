import type { Readable } from 'node:stream';
import {
  centsToDecimalString,
  chargeRateCents,
  INVOICE_KIND_LABELS,
  type InvoiceDto,
  invoiceTitle,
  summarizeByJobType,
  USAGE_TYPE_LABELS,
  vatRateText,
} from '@stockyard/shared';
import {
  attachmentHeader,
  count,
  DAY_FORMAT,
  dateCell,
  quantity,
  type SheetRow,
  type SheetValue,
  sheetRow,
  streamedWorkbook,
  writeSheet,
} from '../../lib/spreadsheet';

const HEADER_FILL = 'FFE5E7EB';
/** Dimensions are entered to the millimetre: 2 decimals shown, a third when there is one. */
const DIMENSION_FORMAT = '#,##0.00#';

const ITEM_COLUMNS = [
  '#',
  'Location',
  'Item Date',
  'Description',
  'Job Type',
  'UOM',
  'Qty',
  'L',
  'W',
  'H',
  'Calculated Qty',
  'Remark',
  'Rate',
  'Amount',
];
/** A hire invoice's and a credit note's money lines. */
const CHARGE_COLUMNS = ['Material', 'Quantity', 'From', 'To', 'Days', 'Rate', 'Amount'];
/** Headings, addresses and notes span the item table's columns. */
const LAST_COLUMN = ITEM_COLUMNS.length;
/** The grand total's label spans the columns before the Calculated Qty. */
const TOTAL_COLUMN = ITEM_COLUMNS.indexOf('Calculated Qty') + 1;

/** A day as the invoice shows it (dd/mm/yyyy), as a date cell. */
const day = (iso: string | null) => (iso ? dateCell(iso, DAY_FORMAT) : null);
const dimension = (value: number) => quantity(value, DIMENSION_FORMAT);
/**
 * Money as a numeric cell in the invoice's currency: the exact decimal of the cents (the value a
 * spreadsheet shows; the cents stay the record), with 2 decimals and the currency's code.
 */
export const moneyCell = (cents: number | null, currency: string): SheetValue =>
  cents === null ? null : quantity(Number(centsToDecimalString(cents)), moneyFormat(currency));

/** The money format of each currency, one string (a new one per cell is hashed per cell). */
const moneyFormats = new Map<string, string>();
function moneyFormat(currency: string): string {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    format = `"${currency} "#,##0.00`;
    moneyFormats.set(currency, format);
  }
  return format;
}

const invoiceFileName = (invoice: Pick<InvoiceDto, 'invoiceId'>) => `${invoice.invoiceId}.xlsx`;
export const invoiceAttachment = (invoice: Pick<InvoiceDto, 'invoiceId'>) =>
  attachmentHeader(invoiceFileName(invoice));

/**
 * The invoice as one sheet's rows (02 section 2.4): its details, the items with their material
 * usage rows beneath each, the grand total and the job type summary; `headerRow` is the row of
 * the item table's headings. Items and usages count pieces (whole); calculated quantities,
 * totals and dimensions are measured (decimals).
 */
function invoiceRows(
  invoice: InvoiceDto,
  company: InvoiceHeading | null,
): { rows: SheetRow[]; headerRow: number } {
  const rows: SheetRow[] = [];
  const across = [1, LAST_COLUMN] as [number, number];

  // The company profile heads the file (Settings, Profile).
  if (company) {
    rows.push(sheetRow([company.companyName], { bold: true, merge: across }));
    rows.push(sheetRow([company.address], { merge: across }));
    for (const line of company.details ?? []) rows.push(sheetRow([line], { merge: across }));
    rows.push(sheetRow([]));
  }

  const money = (cents: number | null) => moneyCell(cents, invoice.currency);
  rows.push(
    sheetRow([invoiceTitle(invoice), invoice.number ?? 'DRAFT', '', '', invoice.status], {
      bold: true,
    }),
  );
  rows.push(sheetRow([]));
  const details: Array<[string, SheetValue]> = [
    ['Number', invoice.number ?? 'DRAFT'],
    ['Kind', INVOICE_KIND_LABELS[invoice.kind]],
    ...(invoice.creditedInvoiceNumber
      ? [['Credits Invoice', invoice.creditedInvoiceNumber] as [string, SheetValue]]
      : []),
    ['Invoice ID', invoice.invoiceId],
    ['Status', invoice.status],
    ['Bill To', invoice.clientName],
    ['Client Address', invoice.clientAddress],
    ['Client E-mail', invoice.clientEmail],
    ['Client VAT ID', invoice.clientVatId],
    ['From', invoice.location.name],
    ['Location Address', invoice.location.address],
    ['Issue Date', day(invoice.issueDate)],
    ['Due Date', day(invoice.dueDate)],
    ...(invoice.periodStart && invoice.periodEnd
      ? [
          ['Period From', day(invoice.periodStart)] as [string, SheetValue],
          ['Period To', day(invoice.periodEnd)] as [string, SheetValue],
        ]
      : []),
    ['Department', invoice.department],
    ['Job Period', invoice.job_period],
    ['Job Details', invoice.job_details],
    ['Notes', invoice.notes],
    ['Invoice Remarks', invoice.invoice_remark],
    ['Signature', invoice.signature],
    ['Created By', invoice.user ? `${invoice.user.name} (${invoice.user.email})` : ''],
  ];
  for (const [label, value] of details) {
    // Text runs across the table, wrapped to its lines; a date keeps its own column.
    const text = typeof value === 'string' || value === null || value === undefined;
    rows.push(
      sheetRow([label, value], { bold: 'first', merge: text ? [2, LAST_COLUMN] : undefined }),
    );
  }
  rows.push(sheetRow([]));

  rows.push(sheetRow(ITEM_COLUMNS, { bold: true, fill: HEADER_FILL }));
  const headerRow = rows.length;
  invoice.items.forEach((item, index) => {
    rows.push(
      sheetRow([
        index + 1,
        item.location,
        day(item.item_date),
        item.job_description,
        item.job_type,
        item.uom,
        count(item.quantity),
        dimension(item.length),
        dimension(item.width),
        dimension(item.height),
        quantity(item.itemTotalCalculatedQuantity),
        item.remark,
        money(item.rateCents),
        money(item.amountCents),
      ]),
    );
    for (const usage of item.materialUsages) {
      const byQuantity = usage.usageType === 'QTY';
      rows.push(
        sheetRow([
          '',
          'Material usage',
          '',
          usage.materialName,
          USAGE_TYPE_LABELS[usage.usageType],
          '',
          byQuantity ? count(usage.quantity) : '',
          byQuantity ? '' : dimension(usage.length),
          byQuantity ? '' : dimension(usage.width),
          byQuantity ? '' : dimension(usage.height),
          '',
          usage.notes,
        ]),
      );
    }
  });
  // One total a unit: volumes of different units are never added together.
  for (const { uom, quantity: sum } of invoice.volumeTotals) {
    const total: SheetValue[] = Array.from({ length: TOTAL_COLUMN }, () => '');
    total[0] = `Total ${uom}`;
    total[TOTAL_COLUMN - 1] = quantity(sum);
    rows.push(sheetRow(total, { bold: true, right: true, merge: [1, TOTAL_COLUMN - 1] }));
  }
  rows.push(sheetRow([]));

  if (invoice.charges.length > 0) {
    rows.push(sheetRow(CHARGE_COLUMNS, { bold: true, fill: HEADER_FILL }));
    for (const charge of invoice.charges) {
      rows.push(
        sheetRow([
          charge.description,
          count(charge.quantity),
          day(charge.fromDate),
          day(charge.toDate),
          charge.days === null ? null : count(charge.days),
          money(chargeRateCents(charge)),
          money(charge.amountCents),
        ]),
      );
    }
    rows.push(sheetRow([]));
  }

  const totals: Array<[string, number]> = [
    ['Net', invoice.netCents],
    [`VAT (${vatRateText(invoice.vatRateBp)})`, invoice.vatCents],
    ['Gross', invoice.grossCents],
  ];
  for (const [label, cents] of totals) {
    rows.push(sheetRow([label, money(cents)], { bold: 'first' }));
  }
  rows.push(sheetRow([]));

  if (invoice.items.length > 0) {
    rows.push(sheetRow(['Job Type Summary'], { bold: true }));
    rows.push(
      sheetRow(['Job Type', 'UOM', 'Total Qty', 'Calculated Qty'], {
        bold: true,
        fill: HEADER_FILL,
      }),
    );
    // A row a job type and unit is its total: a job type's units are not added together, so
    // there is no "<job type> total" row.
    for (const group of summarizeByJobType(invoice.items)) {
      for (const uom of group.uoms) {
        rows.push(
          sheetRow([
            group.jobType,
            uom.uom,
            count(uom.totalItemQuantity),
            quantity(uom.totalCalculatedQuantity),
          ]),
        );
      }
    }
  }
  return { rows, headerRow };
}

/** The invoice's workbook, written to the stream as it is built. */
function invoiceWorkbook(invoice: InvoiceDto, company: InvoiceHeading | null): Readable {
  const { workbook, stream } = streamedWorkbook();
  workbook.creator = 'Stockyard';
  const { rows, headerRow } = invoiceRows(invoice, company);
  writeSheet(workbook, 'Invoice', headerRow, rows)
    .then(() => workbook.commit())
    .catch((error: Error) => stream.destroy(error));
  return stream;
}

/**
 * The company's name and address, from the company profile (a finalized invoice's as it was
 * issued); null until it is saved. `details`: its contact, VAT id, tax number, register entry and
 * bank account, a line each.
 */
export type InvoiceHeading = { companyName: string; address: string; details?: string[] };

/** The invoice's .xlsx file, headed by the company profile when there is one. */
export async function invoiceFile(
  invoice: InvoiceDto,
  company: InvoiceHeading | null,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of invoiceWorkbook(invoice, company)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
