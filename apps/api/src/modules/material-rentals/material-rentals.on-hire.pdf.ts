import {
  formatMoney,
  isoToDisplayDate,
  type OnHireStatement,
  onHireQuantity,
} from '@stockyard/shared';
import { createPdf } from '../../lib/pdf-document';

/**
 * The statement's file name: on-hire-<site>-<day>.pdf, the site's name in safe characters, its
 * letters' accents dropped ("Müller": muller).
 */
export function onHireFileName(statement: OnHireStatement): string {
  const site = statement.location.name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `on-hire-${site || statement.location.id}-${statement.asOf}.pdf`;
}

/**
 * A site's on-hire statement as an A4 PDF, made by lib/pdf-document in embedded Noto
 * fonts (pdftotext reads every line back): the site, its customer and the day, then one row a line
 * (item number, material, rental and where from, out with its unit in words, dispatched, due back,
 * days out, and for an admin the hire so far), and an admin's total.
 */
export function renderOnHirePdf(statement: OnHireStatement): Promise<Buffer> {
  const title = 'On-hire statement';
  const pdf = createPdf({ title, number: statement.location.name });
  const money = (cents: number | null) =>
    cents === null ? '-' : formatMoney(cents, statement.currency);
  const admin = statement.hireSoFarCents !== null;

  pdf.heading(`${title}: ${statement.location.name}`);
  if (statement.location.address) pdf.paragraph(statement.location.address);
  if (statement.location.customerName) {
    pdf.paragraph(`Customer: ${statement.location.customerName}`);
  }
  pdf.paragraph(`On hire on ${isoToDisplayDate(statement.asOf)}`);
  pdf.moveDown(0.5);

  if (statement.lines.length === 0) {
    pdf.paragraph('Nothing is on hire at this site.');
    return pdf.finish();
  }
  // An admin's column of the hire so far takes its room from the material's and the rental's.
  const hire = admin ? 60 : 0;
  pdf.table(
    [
      { title: 'Item number', width: 50, align: 'left' },
      { title: 'Material', width: admin ? 115 : 145, align: 'left' },
      { title: 'Rental', width: admin ? 80 : 100, align: 'left' },
      { title: 'Out', width: 50, align: 'right' },
      { title: 'Since', width: 55, align: 'left' },
      { title: 'Due back', width: 55, align: 'left' },
      { title: 'Days', width: pdf.width - (admin ? 405 : 455) - hire, align: 'right' },
      ...(admin ? [{ title: 'Hire so far', width: hire, align: 'right' as const }] : []),
    ],
    statement.lines.map((line) => [
      line.itemNumber ?? '-',
      line.materialName,
      `#${line.rentalId} from ${line.fromLocationName}`,
      onHireQuantity(line),
      isoToDisplayDate(line.rentalDate),
      `${isoToDisplayDate(line.expectedReturnDate)}${line.overdue ? ' (overdue)' : ''}`,
      String(line.daysOut),
      ...(admin ? [money(line.hireSoFarCents)] : []),
    ]),
    9,
  );
  if (admin) {
    pdf.paragraph(`Hire so far: ${money(statement.hireSoFarCents)}`, {
      bold: true,
      width: pdf.width,
      align: 'right',
    });
  }
  return pdf.finish();
}
