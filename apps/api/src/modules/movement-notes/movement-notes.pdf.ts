import {
  conditionText,
  isoToDisplayDate,
  MOVEMENT_NOTE_TITLES,
  type MovementNoteDto,
  weightLabel,
} from '@stockyard/shared';
import PDFDocument from 'pdfkit';
import { emailTime } from '../notifications/email-message';

/** What the PDF shows beyond the note's content: the signature's image. */
export type PrintableNote = MovementNoteDto & { signaturePng: Buffer | null };

const kg = (value: number | null) =>
  value === null ? '-' : `${value.toLocaleString('en-GB', { maximumFractionDigits: 3 })} kg`;

/**
 * The note as an A4 PDF (decision 042), made with pdfkit in its built-in Helvetica, so that its
 * text is text (pdftotext reads every line back): the company at the top, the number, date, from
 * and to, one line an item (item number, material, quantity, unit, weight), the total weight,
 * vehicle, driver, notes, the return's photos by name, and the signature with name and time.
 */
export function renderNotePdf(note: PrintableNote): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${MOVEMENT_NOTE_TITLES[note.kind]} ${note.number}`, Author: 'Stockyard' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const width = doc.page.width - 100;

  if (note.company) {
    doc.font('Helvetica-Bold').fontSize(14).text(note.company.name, left);
    doc.font('Helvetica').fontSize(9);
    for (const line of [note.company.address, note.company.phone, note.company.email]) {
      if (line) doc.text(line);
    }
    doc.moveDown();
  }
  doc.font('Helvetica-Bold').fontSize(18).text(`${MOVEMENT_NOTE_TITLES[note.kind]} ${note.number}`);
  doc.font('Helvetica').fontSize(10);
  if (note.corrects) doc.text(`Corrects ${note.corrects.number}`);
  doc.text(`Date: ${isoToDisplayDate(note.date)}`);
  if (note.rentalId !== null) doc.text(`Rental: #${note.rentalId}`);
  doc.moveDown(0.5);

  const placeTop = doc.y;
  const half = width / 2 - 10;
  doc.font('Helvetica-Bold').text('From', left, placeTop, { width: half });
  doc
    .font('Helvetica')
    .text(note.from.name, { width: half })
    .text(note.from.address, { width: half });
  const afterFrom = doc.y;
  doc.font('Helvetica-Bold').text('To', left + half + 20, placeTop, { width: half });
  doc.font('Helvetica').text(note.to.name, { width: half }).text(note.to.address, { width: half });
  doc.x = left;
  doc.y = Math.max(afterFrom, doc.y) + 12;

  const columns = [
    { title: 'Item number', x: left, width: 90, align: 'left' as const },
    { title: 'Material', x: left + 95, width: 190, align: 'left' as const },
    { title: 'Quantity', x: left + 290, width: 60, align: 'right' as const },
    { title: 'Unit', x: left + 360, width: 60, align: 'left' as const },
    { title: 'Weight', x: left + 425, width: width - 425, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, column.x, top, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 4;
    if (doc.y > doc.page.height - 120) doc.addPage();
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .stroke();
  for (const item of note.items) {
    row([item.itemNumber ?? '-', item.name, String(item.quantity), item.unit, kg(item.weightKg)]);
    if (item.condition) row(['', conditionText(item.condition), '', '', '']);
  }
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .stroke();
  const unknown = note.items.some((item) => item.weightKg === null);
  doc
    .font('Helvetica-Bold')
    .text(`Total weight: ${weightLabel({ kg: note.totalWeightKg ?? 0, unknown })}`, left);
  doc.font('Helvetica').moveDown(0.5);
  doc.text(`Vehicle: ${note.vehicle ?? '-'}`);
  doc.text(`Driver: ${note.driver ?? '-'}`);
  if (note.notes) doc.text(`Notes: ${note.notes}`, { width });
  if (note.kind === 'RETURN') {
    doc.text(
      note.photos.length === 0
        ? 'Photos: none'
        : `Photos (${note.photos.length}): ${note.photos.map((p) => p.fileName).join(', ')}`,
      { width },
    );
  }
  doc.moveDown();

  if (doc.y > doc.page.height - 180) doc.addPage();
  doc.font('Helvetica-Bold').text('Received by', left);
  doc.font('Helvetica');
  if (note.signed) {
    if (note.signaturePng) {
      try {
        doc.image(note.signaturePng, left, doc.y + 4, { fit: [220, 80] });
        doc.y += 88;
      } catch {
        // An image pdfkit cannot read leaves the name and time, which are the record.
      }
    }
    doc.x = left;
    doc.text(`Name: ${note.signed.name}`);
    doc.text(`Signed: ${emailTime(new Date(note.signed.at))} UTC`);
  } else {
    doc.moveDown(2);
    doc.text('Signature: ______________________________');
    doc.text('Name: ______________________________');
  }
  doc.end();
  return done;
}
