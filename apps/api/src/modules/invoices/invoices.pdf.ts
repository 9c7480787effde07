import {
  chargeRateText,
  formatMoney,
  hireLineExplanation,
  type InvoiceDto,
  invoiceTitle,
  isoToDisplayDate,
  vatRateText,
} from '@stockyard/shared';
import { createPdf, type PdfSetup, type PdfWriter } from '../../lib/pdf-document';
import type { InvoiceHeading } from './invoices.excel';

/** The PDF's file name: its number, or its Invoice ID while a draft. */
export const invoicePdfName = (invoice: Pick<InvoiceDto, 'number' | 'invoiceId'>) =>
  `${invoice.number ?? invoice.invoiceId}.pdf`;

const dayText = (iso: string | null) => (iso ? isoToDisplayDate(iso) : '-');

/**
 * The invoice or credit note as an A4 PDF (lib/pdf-document): company, title and number ("DRAFT"
 * until finalized), client, dates, lines with rates and amounts, volume totals per unit, and Net,
 * VAT and Gross. `setup` passes more pdfkit options (a PDF/A part for an e-invoice).
 */
export function invoicePdfWriter(
  invoice: InvoiceDto,
  company: InvoiceHeading | null,
  setup: Pick<PdfSetup, 'pdfkit'> = {},
): PdfWriter {
  const title = invoiceTitle(invoice);
  const pdf = createPdf({ title, number: invoice.number ?? invoice.invoiceId, ...setup });
  const width = pdf.width;
  const money = (cents: number) => formatMoney(cents, invoice.currency);

  if (company) {
    pdf.paragraph(company.companyName, { bold: true, size: 14 });
    pdf.paragraph(company.address, { size: 9 });
    for (const line of company.details ?? []) pdf.paragraph(line, { size: 9 });
    pdf.moveDown();
  }
  pdf.heading(`${title} ${invoice.number ?? 'DRAFT'}`);
  if (invoice.creditedInvoiceNumber)
    pdf.paragraph(`Credits invoice ${invoice.creditedInvoiceNumber}`);
  pdf.paragraph(`Reference: ${invoice.invoiceId}`);
  pdf.paragraph(`Issue date: ${dayText(invoice.issueDate)}`);
  pdf.paragraph(`Due date: ${dayText(invoice.dueDate)}`);
  if (invoice.periodStart && invoice.periodEnd) {
    pdf.paragraph(`Period: ${dayText(invoice.periodStart)} to ${dayText(invoice.periodEnd)}`);
  }
  pdf.moveDown(0.5);

  pdf.blocks([
    {
      label: 'Bill to',
      lines: [
        invoice.clientName,
        invoice.clientAddress,
        invoice.clientEmail,
        invoice.clientVatId ? `VAT ID: ${invoice.clientVatId}` : null,
      ],
    },
    { label: 'Site', lines: [invoice.location.name, invoice.location.address] },
  ]);
  pdf.doc.moveDown(1);

  if (invoice.items.length > 0) {
    pdf.table(
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
    pdf.table(
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

  // How each hire line is priced: the days billed before and the price of each.
  const explained = invoice.charges
    .map((charge) => ({ charge, text: hireLineExplanation(charge, invoice.currency) }))
    .filter((line) => line.text !== '');
  if (explained.length > 0) {
    pdf.moveDown(0.5);
    pdf.paragraph('How the hire is priced', { bold: true, size: 9 });
    for (const { charge, text } of explained) {
      pdf.paragraph(`${charge.description}: ${text}`, { size: 8 });
    }
  }
  pdf.moveDown(0.5);
  const right = { width, align: 'right' as const };
  for (const total of invoice.volumeTotals) {
    pdf.paragraph(`Total ${total.uom}: ${total.quantity}`, right);
  }
  pdf.paragraph(`Net: ${money(invoice.netCents)}`, right);
  pdf.paragraph(`VAT (${vatRateText(invoice.vatRateBp)}): ${money(invoice.vatCents)}`, right);
  pdf.paragraph(`Gross: ${money(invoice.grossCents)}`, { ...right, bold: true });
  pdf.moveDown();
  const notes: Array<[string, string | null]> = [
    [invoice.kind === 'CREDIT' ? 'Reason' : 'Notes', invoice.notes],
    ['Job details', invoice.job_details],
    ['Remarks', invoice.invoice_remark],
  ];
  for (const [label, text] of notes) {
    if (text) pdf.paragraph(`${label}: ${text}`);
  }
  return pdf;
}

/** The invoice's PDF file (see invoicePdfWriter). */
export function renderInvoicePdf(
  invoice: InvoiceDto,
  company: InvoiceHeading | null,
): Promise<Buffer> {
  return invoicePdfWriter(invoice, company).finish();
}
