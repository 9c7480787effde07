import { serveTasks } from '../../lib/worker-pool';
import { type PrintableNote, renderNotePdf } from './movement-notes.pdf';

/**
 * A note's PDF drawn on a worker thread (lib/worker-pool.ts): laying out its text is CPU work, about
 * 25 to 35 ms of CPU for a 100-line delivery note (its words shaped once a thread, lib/pdf-shaping.ts),
 * that would otherwise hold every other request back.
 */

export type NotePdfTask = PrintableNote;

serveTasks(async (note: NotePdfTask): Promise<Uint8Array> => {
  // A Buffer arrives as its bytes; pdfkit draws an image from a Buffer.
  const png = note.signaturePng;
  const signaturePng = png ? Buffer.from(png.buffer, png.byteOffset, png.byteLength) : null;
  return renderNotePdf({ ...note, signaturePng });
});
