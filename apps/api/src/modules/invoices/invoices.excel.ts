import type { Readable } from 'node:stream';
import {
  type InvoiceDto,
  parseIsoDate,
  summarizeByJobType,
  toDisplayDate,
  USAGE_TYPE_LABELS,
} from '@stockyard/shared';
import { ContentCache } from '../../lib/content-cache';
import {
  addRow,
  attachmentHeader,
  quantity,
  type SheetValue,
  streamedWorkbook,
} from '../../lib/spreadsheet';

const HEADER_FILL = 'FFE5E7EB';
/** Dimensions are entered to the millimetre: 2 decimals shown, a third when there is one. */
const DIMENSION_FORMAT = '0.00#';

const ITEM_COLUMNS = [
  { header: '#', width: 5 },
  { header: 'Location', width: 18 },
  { header: 'Item Date', width: 12 },
  { header: 'Description', width: 36 },
  { header: 'Job Type', width: 14 },
  { header: 'UOM', width: 18 },
  { header: 'Qty', width: 10 },
  { header: 'L', width: 10 },
  { header: 'W', width: 10 },
  { header: 'H', width: 10 },
  { header: 'Calculated Qty', width: 16 },
  { header: 'Remark', width: 30 },
];

const displayDate = (iso: string | null) => {
  const date = iso ? parseIsoDate(iso) : null;
  return date ? toDisplayDate(date) : '';
};
const dimension = (value: number) => quantity(value, DIMENSION_FORMAT);

export const invoiceFileName = (invoice: Pick<InvoiceDto, 'invoiceId'>) =>
  `${invoice.invoiceId}.xlsx`;
export const invoiceAttachment = (invoice: Pick<InvoiceDto, 'invoiceId'>) =>
  attachmentHeader(invoiceFileName(invoice));

/**
 * The invoice as one sheet (02 section 2.4): its details, the items with their material usage rows
 * beneath each, the grand total and the job type summary. Written to the stream as it is built.
 */
function invoiceWorkbook(invoice: InvoiceDto, company: InvoiceHeading | null): Readable {
  const { workbook, stream } = streamedWorkbook();
  workbook.creator = 'Stockyard';
  const sheet = workbook.addWorksheet('Invoice');
  sheet.columns = ITEM_COLUMNS.map(({ width }) => ({ width }));

  // The company profile heads the file (Settings, Profile).
  if (company) {
    addRow(sheet, [company.companyName], { bold: true });
    addRow(sheet, [company.address]);
    addRow(sheet, []);
  }

  addRow(sheet, ['INVOICE', invoice.invoiceId, '', '', invoice.status], { bold: true });
  addRow(sheet, []);
  const details: Array<[string, SheetValue]> = [
    ['Invoice ID', invoice.invoiceId],
    ['Status', invoice.status],
    ['Bill To', invoice.clientName],
    ['Client Address', invoice.clientAddress],
    ['From', invoice.location.name],
    ['Location Address', invoice.location.address],
    ['Issue Date', displayDate(invoice.issueDate)],
    ['Due Date', displayDate(invoice.dueDate)],
    ['Department', invoice.department],
    ['Job Period', invoice.job_period],
    ['Job Details', invoice.job_details],
    ['Notes', invoice.notes],
    ['Invoice Remarks', invoice.invoice_remark],
    ['Signature', invoice.signature],
    ['Created By', invoice.user ? `${invoice.user.name} (${invoice.user.email})` : ''],
  ];
  for (const [label, value] of details) {
    addRow(sheet, [label, value], { bold: 'first' });
  }
  addRow(sheet, []);

  addRow(
    sheet,
    ITEM_COLUMNS.map((column) => column.header),
    { bold: true, fill: HEADER_FILL },
  );
  invoice.items.forEach((item, index) => {
    addRow(sheet, [
      index + 1,
      item.location,
      displayDate(item.item_date),
      item.job_description,
      item.job_type,
      item.uom,
      quantity(item.quantity),
      dimension(item.length),
      dimension(item.width),
      dimension(item.height),
      quantity(item.itemTotalCalculatedQuantity),
      item.remark,
    ]);
    for (const usage of item.materialUsages) {
      const byQuantity = usage.usageType === 'QTY';
      addRow(sheet, [
        '',
        'Material usage',
        '',
        usage.materialName,
        USAGE_TYPE_LABELS[usage.usageType],
        '',
        byQuantity ? quantity(usage.quantity) : '',
        byQuantity ? '' : dimension(usage.length),
        byQuantity ? '' : dimension(usage.width),
        byQuantity ? '' : dimension(usage.height),
        '',
        usage.notes,
      ]);
    }
  });
  addRow(
    sheet,
    [
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Grand Total Volume Qty',
      quantity(invoice.grandTotalCalculatedVolumeQty),
    ],
    { bold: true },
  );
  addRow(sheet, []);

  addRow(sheet, ['Job Type Summary'], { bold: true });
  addRow(sheet, ['Job Type', 'UOM', 'Total Qty', 'Calculated Qty'], {
    bold: true,
    fill: HEADER_FILL,
  });
  for (const group of summarizeByJobType(invoice.items)) {
    for (const uom of group.uoms) {
      addRow(sheet, [
        group.jobType,
        uom.uom,
        quantity(uom.totalItemQuantity),
        quantity(uom.totalCalculatedQuantity),
      ]);
    }
    addRow(sheet, [`${group.jobType} total`, '', '', quantity(group.totalCalculatedQuantity)], {
      bold: true,
    });
  }

  sheet.commit();
  workbook.commit().catch((error: Error) => stream.destroy(error));
  return stream;
}

/**
 * Files made and kept by the invoice's whole content (decision 011): a 500-item file costs about
 * 200 ms of the one Node thread, so the same file asked for again is sent as it was made, and any
 * change to the invoice, its location or its creator's name is a new file.
 */
const files = new ContentCache(32 * 1024 * 1024);

/** The company's name and address, from the company profile; null until it is saved. */
export type InvoiceHeading = { companyName: string; address: string };

/** The invoice's .xlsx file; the heading is part of the content, so a new profile is a new file. */
export function invoiceFile(invoice: InvoiceDto, company: InvoiceHeading | null): Promise<Buffer> {
  return files.get({ invoice, company }, async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of invoiceWorkbook(invoice, company)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
}
