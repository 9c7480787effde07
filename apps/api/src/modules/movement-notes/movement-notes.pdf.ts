import {
  conditionText,
  isoToDisplayDate,
  labelOf,
  lineWeightLabel,
  MOVEMENT_NOTE_TITLES,
  type MovementNoteDto,
  weightLabel,
} from '@stockyard/shared';
import { createPdf } from '../../lib/pdf-document';
import { emailTime } from '../email-outbox/email-message';

/** What the PDF shows beyond the note's content: the signature's image. */
export type PrintableNote = MovementNoteDto & { signaturePng: Buffer | null };

/**
 * The note as an A4 PDF (lib/pdf-document): company, number, date, from and to, a line an item,
 * total weight, vehicle, driver, notes, the return's photos by name, and the signature with name
 * and time (a typed one said to be typed).
 */
export function renderNotePdf(note: PrintableNote): Promise<Buffer> {
  const title = MOVEMENT_NOTE_TITLES[note.kind];
  const pdf = createPdf({ title, number: note.number });

  if (note.company) {
    pdf.paragraph(note.company.name, { bold: true, size: 14 });
    for (const line of [note.company.address, note.company.phone, note.company.email]) {
      if (line) pdf.paragraph(line, { size: 9 });
    }
    pdf.moveDown();
  }
  pdf.heading(`${title} ${note.number}`);
  if (note.corrects) pdf.paragraph(`Corrects ${note.corrects.number}`);
  pdf.paragraph(`Date: ${isoToDisplayDate(note.date)}`);
  if (note.rentalId !== null) pdf.paragraph(`Rental: #${note.rentalId}`);
  pdf.moveDown(0.5);

  pdf.blocks([
    { label: 'From', lines: [note.from.name, note.from.address] },
    { label: 'To', lines: [note.to.name, note.to.address] },
  ]);
  pdf.doc.moveDown(1);

  const rows: string[][] = [];
  for (const item of note.items) {
    rows.push([
      item.itemNumber ?? '-',
      item.name,
      String(item.quantity),
      // The unit in words (Each), as every screen writes it.
      labelOf(item.unit),
      lineWeightLabel(item.weightKg),
    ]);
    if (item.condition) rows.push(['', conditionText(item.condition), '', '', '']);
  }
  pdf.table(
    [
      { title: 'Item number', width: 95, align: 'left' },
      { title: 'Material', width: 195, align: 'left' },
      { title: 'Quantity', width: 70, align: 'right' },
      { title: 'Unit', width: 65, align: 'left' },
      { title: 'Weight', width: pdf.width - 425, align: 'right' },
    ],
    rows,
    10,
  );
  const unknown = note.items.some((item) => item.weightKg === null);
  pdf.paragraph(`Total weight: ${weightLabel({ kg: note.totalWeightKg ?? 0, unknown })}`, {
    bold: true,
  });
  pdf.moveDown(0.5);
  pdf.paragraph(`Vehicle: ${note.vehicle ?? '-'}`);
  pdf.paragraph(`Driver: ${note.driver ?? '-'}`);
  if (note.notes) pdf.paragraph(`Notes: ${note.notes}`);
  if (note.kind === 'RETURN') {
    pdf.paragraph(
      note.photos.length === 0
        ? 'Photos: none'
        : `Photos (${note.photos.length}): ${note.photos.map((p) => p.fileName).join(', ')}`,
    );
  }
  pdf.moveDown();

  pdf.ensureSpace(130);
  pdf.paragraph('Received by', { bold: true });
  if (note.signed) {
    if (note.signed.typed) {
      // A typed signature: the name as the signer typed it, said to be typed, not drawn.
      pdf.paragraph(note.signed.name, { size: 16 });
      pdf.paragraph('Signature typed by the signer (not drawn)', { size: 9 });
    } else if (note.signaturePng) {
      // An image pdfkit cannot read leaves the name and time, which are the record.
      pdf.image(note.signaturePng, `Signature of ${note.signed.name}`, [220, 80]);
    }
    pdf.paragraph(`Name: ${note.signed.name}`);
    pdf.paragraph(`Signed: ${emailTime(new Date(note.signed.at))} UTC`);
  } else {
    pdf.moveDown(2);
    pdf.paragraph('Signature: ______________________________');
    pdf.paragraph('Name: ______________________________');
  }
  return pdf.finish();
}
