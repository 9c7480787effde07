import {
  chargeRateText,
  formatMoney,
  type InvoiceDto,
  invoiceTitle,
  isoToDisplayDate,
  vatRateText,
} from '@stockyard/shared';
import PDFDocument from 'pdfkit';
import type { InvoiceHeading } from './invoices.excel';

type Column = { title: string; width: number; align: 'left' | 'right' };

/** The PDF's file name: its number, or its Invoice ID while a draft. */
export const invoicePdfName = (invoice: Pick<InvoiceDto, 'number' | 'invoiceId'>) =>
  `${invoice.number ?? invoice.invoiceId}.pdf`;

const dayText = (iso: string | null) => (iso ? isoToDisplayDate(iso) : '-');

/**
 * The invoice or credit note as an A4 PDF (decision 044), made with pdfkit in its built-in
 * Helvetica as the movement notes are, so that its text is text (pdftotext reads it back): the
 * company at the top, the title and number ("DRAFT" until finalized), the client, the dates, the
 * lines with their rates and amounts (a work invoice's items, a hire invoice's or credit note's
 * charges), the volume totals per unit, and Net, VAT at its rate, and Gross in the currency.
 */
export function renderInvoicePdf(
  invoice: InvoiceDto,
  company: InvoiceHeading | null,
): Promise<Buffer> {
  const title = invoiceTitle(invoice);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${title} ${invoice.number ?? invoice.invoiceId}`, Author: 'Stockyard' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const width = doc.page.width - 100;
  const money = (cents: number) => formatMoney(cents, invoice.currency);

  if (company) {
    doc.font('Helvetica-Bold').fontSize(14).text(company.companyName, left);
    doc.font('Helvetica').fontSize(9).text(company.address);
    doc.moveDown();
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(`${title} ${invoice.number ?? 'DRAFT'}`);
  doc.font('Helvetica').fontSize(10);
  if (invoice.creditedInvoiceNumber) doc.text(`Credits invoice ${invoice.creditedInvoiceNumber}`);
  doc.text(`Reference: ${invoice.invoiceId}`);
  doc.text(`Issue date: ${dayText(invoice.issueDate)}`);
  doc.text(`Due date: ${dayText(invoice.dueDate)}`);
  if (invoice.periodStart && invoice.periodEnd) {
    doc.text(`Period: ${dayText(invoice.periodStart)} to ${dayText(invoice.periodEnd)}`);
  }
  doc.moveDown(0.5);

  const top = doc.y;
  const half = width / 2 - 10;
  doc.font('Helvetica-Bold').text('Bill to', left, top, { width: half });
  doc.font('Helvetica').text(invoice.clientName, { width: half });
  doc.text(invoice.clientAddress, { width: half });
  if (invoice.clientEmail) doc.text(invoice.clientEmail, { width: half });
  if (invoice.clientVatId) doc.text(`VAT ID: ${invoice.clientVatId}`, { width: half });
  const afterClient = doc.y;
  doc.font('Helvetica-Bold').text('Site', left + half + 20, top, { width: half });
  doc.font('Helvetica').text(invoice.location.name, { width: half });
  if (invoice.location.address) doc.text(invoice.location.address, { width: half });
  doc.x = left;
  doc.y = Math.max(afterClient, doc.y) + 12;

  const table = (columns: Column[], rows: string[][]) => {
    const row = (cells: string[], bold = false) => {
      const rowTop = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      let bottom = rowTop;
      let x = left;
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        doc.text(cell, x, rowTop, { width: column.width - 4, align: column.align });
        bottom = Math.max(bottom, doc.y);
        x += column.width;
      });
      doc.x = left;
      doc.y = bottom + 4;
      if (doc.y > doc.page.height - 120) doc.addPage();
    };
    row(
      columns.map((column) => column.title),
      true,
    );
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .stroke();
    for (const cells of rows) row(cells);
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .stroke();
  };

  if (invoice.items.length > 0) {
    table(
      [
        { title: 'Job', width: 175, align: 'left' },
        { title: 'Type', width: 70, align: 'left' },
        { title: 'Quantity', width: 90, align: 'right' },
        { title: 'Rate', width: 80, align: 'right' },
        { title: 'Amount', width: width - 415, align: 'right' },
      ],
      invoice.items.map((item) => [
        [item.job_description, item.location].filter(Boolean).join(', ') || '-',
        item.job_type,
        `${item.itemTotalCalculatedQuantity} ${item.uom}`,
        item.rateCents === null ? '-' : money(item.rateCents),
        `${money(item.amountCents)}${item.credited ? ' (credited)' : ''}`,
      ]),
    );
  }
  if (invoice.charges.length > 0) {
    table(
      [
        { title: 'Material', width: 150, align: 'left' },
        { title: 'Quantity', width: 50, align: 'right' },
        { title: 'From', width: 62, align: 'left' },
        { title: 'To', width: 62, align: 'left' },
        { title: 'Days', width: 34, align: 'right' },
        { title: 'Rate', width: 70, align: 'right' },
        { title: 'Amount', width: width - 428, align: 'right' },
      ],
      invoice.charges.map((charge) => [
        charge.description,
        String(charge.quantity),
        charge.fromDate ? dayText(charge.fromDate) : '',
        charge.toDate ? dayText(charge.toDate) : '',
        charge.days === null ? '' : String(charge.days),
        chargeRateText(charge, invoice.currency),
        `${money(charge.amountCents)}${charge.credited ? ' (credited)' : ''}`,
      ]),
    );
  }

  doc.moveDown(0.5).fontSize(10);
  for (const total of invoice.volumeTotals) {
    doc.font('Helvetica').text(`Total ${total.uom}: ${total.quantity}`, left, doc.y, {
      width,
      align: 'right',
    });
  }
  doc.text(`Net: ${money(invoice.netCents)}`, left, doc.y, { width, align: 'right' });
  doc.text(`VAT (${vatRateText(invoice.vatRateBp)}): ${money(invoice.vatCents)}`, left, doc.y, {
    width,
    align: 'right',
  });
  doc
    .font('Helvetica-Bold')
    .text(`Gross: ${money(invoice.grossCents)}`, left, doc.y, { width, align: 'right' });
  doc.font('Helvetica').moveDown();
  const notes: Array<[string, string | null]> = [
    [invoice.kind === 'CREDIT' ? 'Reason' : 'Notes', invoice.notes],
    ['Job details', invoice.job_details],
    ['Remarks', invoice.invoice_remark],
  ];
  for (const [label, text] of notes) {
    if (text) doc.text(`${label}: ${text}`, left, doc.y, { width });
  }
  doc.end();
  return done;
}
