import {
  type CorrectNoteInput,
  type EmailNoteInput,
  imageTypeOf,
  isoToDisplayDate,
  localToday,
  MOVEMENT_NOTE_MESSAGES as MESSAGES,
  MOVEMENT_NOTE_TITLES,
  type MovementNoteDto,
  type MovementNoteKind,
  type MovementNoteLine,
  movementNoteNumber,
  pngOfDataUrl,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  type ReturnPhotoDto,
  type SessionUser,
  type SignNoteInput,
  totalOf,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { assertReadable } from '../../lib/location-scope';
import { inTransaction, type UnitOfWork } from '../../lib/transaction';
import { PoolBusy, TaskFailed, workerPool } from '../../lib/worker-pool';
import { recordActivity } from '../activity/activity.service';
import type { MailAttachment } from '../email-outbox/email';
import { emailSubject } from '../email-outbox/email-message';
import type { ClaimedMail } from '../email-outbox/email-outbox';
import { queueEmail } from '../email-outbox/email-outbox.service';
import { takeDocumentNumber } from '../settings/billing-settings.service';
import type { ImageAnswer, ImageTask } from './images.worker';
import * as repo from './movement-notes.repository';
import type { NotePdfTask } from './note-pdf.worker';
import { pngHasInk, pngSize } from './signature-png';

/**
 * The notes' images are decoded on worker threads (lib/worker-pool.ts): one at a time, a few
 * waiting; each within 20 s and a heap of 256 MB, or refused.
 */
const decodeInWorker = workerPool<ImageTask, ImageAnswer>(
  new URL(
    import.meta.url.endsWith('.ts') ? './images.worker.ts' : './images.worker.js',
    import.meta.url,
  ),
  {
    threads: 1,
    waiting: 8,
    waitMs: 30_000,
    timeMs: 20_000,
    memoryMb: 256,
    retireHeapBytes: 64 * 1024 * 1024,
    idleMs: 60_000,
  },
);

async function decodeImage(task: ImageTask): Promise<ImageAnswer> {
  try {
    return await decodeInWorker(task);
  } catch (error) {
    if (error instanceof PoolBusy) throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.imagesBusy);
    // Past its time or memory: an image too costly to read is refused, as one that does not read.
    if (error instanceof TaskFailed) return { kind: 'refused', reason: 'unreadable' };
    throw error;
  }
}

/** The most pixels of a signature read on the event loop (a few milliseconds); more, on a worker. */
const SIGNATURE_INLINE_PIXELS = 250_000;

/**
 * Whether a signature shows anything (null: not a PNG that reads). Its size is checked and its
 * inflation bounded by it whatever it is (signature-png.ts); a small one is read at once, a larger
 * one on a worker thread.
 */
async function signatureInk(png: Uint8Array): Promise<boolean | null> {
  const size = pngSize(png);
  if (!size) return null;
  if (size.width * size.height <= SIGNATURE_INLINE_PIXELS) {
    try {
      return pngHasInk(png);
    } catch {
      return null;
    }
  }
  const decoded = await decodeImage({ kind: 'signature', bytes: png });
  return decoded.kind === 'signature' ? decoded.ink : null;
}

// Making notes: called by the rentals' service in the transaction of the dispatch or the return.

/** The series of each kind of note among the numbered documents. */
const SERIES = { DELIVERY: 'DELIVERY_NOTE', RETURN: 'RETURN_NOTE' } as const;

async function nextNumber(tx: DbExecutor, kind: MovementNoteKind, date: string) {
  const year = Number(date.slice(0, 4));
  const sequence = await takeDocumentNumber(tx, SERIES[kind], year);
  return { year, sequence, number: movementNoteNumber(kind, year, sequence) };
}

function lineOf(row: {
  itemNumber: string | null;
  name: string;
  quantity: number;
  unit: string;
  unitWeightKg: number | null;
}): MovementNoteLine {
  return {
    itemNumber: row.itemNumber,
    name: row.name,
    quantity: row.quantity,
    unit: row.unit,
    unitWeightKg: row.unitWeightKg,
    weightKg: totalOf(row.quantity, row.unitWeightKg),
  };
}

function totalWeight(items: MovementNoteLine[]): number | null {
  if (items.length === 0) return null;
  const known = items.filter((item) => item.weightKg !== null);
  if (known.length === 0) return null;
  return Math.round(known.reduce((sum, item) => sum + item.weightKg!, 0) * 1000) / 1000;
}

/**
 * The delivery note of a rental just created, in the rental's transaction: its
 * number, the company, both places with their addresses, the items with their catalogue's item
 * number and weight, and the dispatch's vehicle and driver.
 */
export async function createDeliveryNote(
  uow: UnitOfWork,
  dispatch: { rentalId: number; vehicle?: string; driver?: string; userId: number },
): Promise<{ id: number; number: string }> {
  const { tx } = uow;
  const rental = await repo.findNoteSources(tx, dispatch.rentalId);
  if (!rental) throw notFound('Rental not found');
  const items = rental.lines.map(lineOf);
  const { year, sequence, number } = await nextNumber(tx, 'DELIVERY', rental.rentalDate);
  const note = await repo.insertNote(tx, {
    kind: 'DELIVERY',
    number,
    year,
    sequence,
    rentalId: rental.id,
    siteLocationId: rental.toLocationId,
    content: {
      date: rental.rentalDate,
      company: rental.company,
      from: rental.from,
      to: rental.to,
      items,
      totalWeightKg: totalWeight(items),
      vehicle: dispatch.vehicle ?? null,
      driver: dispatch.driver ?? null,
      notes: rental.notes,
    },
    createdById: dispatch.userId,
  });
  return { id: note.id, number: note.number };
}

/** A return just written, as its insert answered it: the note is made of it, not read again. */
export type ReturnWritten = {
  id: number;
  rentalId: number;
  rentalItemId: number;
  returnedQuantity: number;
  damagedQuantity: number;
  lostQuantity: number;
  returnDate: string;
  notes: string | null;
};

/**
 * The return note of a return just recorded, in the return's transaction: from the site back to
 * the yard, the item and quantity that came back.
 */
export async function createReturnNote(
  uow: UnitOfWork,
  entry: { written: ReturnWritten; userId: number },
): Promise<{ id: number; number: string }> {
  const { tx } = uow;
  const { written } = entry;
  const rental = await repo.findNoteSources(tx, written.rentalId, written.rentalItemId);
  if (!rental) throw notFound('Rental not found');
  const back = {
    id: written.id,
    quantity: written.returnedQuantity,
    damaged: written.damagedQuantity,
    lost: written.lostQuantity,
    returnDate: written.returnDate,
    notes: written.notes,
    toLocationId: rental.toLocationId,
  };
  const [line] = rental.lines;
  // What was carried back (good and damaged) is the line's quantity and weight; the lost are named.
  const condition = { good: back.quantity, damaged: back.damaged, lost: back.lost };
  const items = line
    ? [{ ...lineOf({ ...line, quantity: back.quantity + back.damaged }), condition }]
    : [];
  // The day the hire ended, as the return says; the note's createdAt is when.
  const date = back.returnDate;
  const { year, sequence, number } = await nextNumber(tx, 'RETURN', date);
  const note = await repo.insertNote(tx, {
    kind: 'RETURN',
    number,
    year,
    sequence,
    rentalId: rental.id,
    returnId: back.id,
    siteLocationId: back.toLocationId,
    content: {
      date,
      company: rental.company,
      // A return goes from the site back to where the rental came from.
      from: rental.to,
      to: rental.from,
      items,
      totalWeightKg: totalWeight(items),
      vehicle: null,
      driver: null,
      notes: back.notes,
    },
    createdById: entry.userId,
  });
  return { id: note.id, number: note.number };
}

// Reads.

function photoDto(row: Awaited<ReturnType<typeof repo.listPhotos>>[number]): ReturnPhotoDto {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function toDtos(db: DbExecutor, rows: repo.NoteRow[]): Promise<MovementNoteDto[]> {
  const corrected = await repo.numbersOf(db, [
    ...new Set(rows.flatMap((row) => (row.correctsId === null ? [] : [row.correctsId]))),
  ]);
  const correctedNumber = new Map(corrected.map((row) => [row.id, row.number]));
  const corrections = await repo.correctionsOf(
    db,
    rows.map((row) => row.id),
  );
  const photos = await repo.listPhotos(db, [
    ...new Set(rows.flatMap((row) => (row.returnId === null ? [] : [row.returnId]))),
  ]);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    number: row.number,
    date: row.content.date,
    rentalId: row.rentalId,
    returnId: row.returnId,
    corrects:
      row.correctsId === null
        ? null
        : { id: row.correctsId, number: correctedNumber.get(row.correctsId) ?? '' },
    correctedBy: corrections
      .filter((c) => c.correctsId === row.id)
      .map(({ id, number }) => ({ id, number })),
    company: row.content.company,
    from: row.content.from,
    to: row.content.to,
    items: row.content.items,
    totalWeightKg: row.content.totalWeightKg,
    vehicle: row.content.vehicle,
    driver: row.content.driver,
    notes: row.content.notes,
    signed:
      row.signedAt && row.signedName
        ? { name: row.signedName, at: row.signedAt.toISOString(), typed: row.signature === null }
        : null,
    photos:
      row.returnId === null
        ? []
        : photos.filter((photo) => photo.returnId === row.returnId).map(photoDto),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A note the user may see: a field manager only those of their location's rentals (else 404). */
export async function readableNote(db: DbExecutor, user: SessionUser, id: number) {
  const row = await repo.findNote(db, id);
  if (!row) throw notFound(MESSAGES.notFound);
  assertReadable(user, row.siteLocationId, MESSAGES.notFound);
  return row;
}

export async function listNotes(
  ctx: AppContext,
  user: SessionUser,
  rentalId: number,
): Promise<MovementNoteDto[]> {
  const rows = await repo.listNotes(ctx.db, rentalId);
  // A rental's notes are all of its site: another location's rental is 404, as the rental is.
  for (const row of rows) assertReadable(user, row.siteLocationId, 'Rental not found');
  return toDtos(ctx.db, rows);
}

export async function getNote(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<MovementNoteDto> {
  const [dto] = await toDtos(ctx.db, [await readableNote(ctx.db, user, id)]);
  return dto!;
}

/**
 * The notes' PDFs are drawn on worker threads (lib/worker-pool.ts), two at once and the rest
 * waiting: a long note's layout would otherwise hold the event loop for tens of milliseconds
 * (about 50 for 100 lines).
 */
const drawInWorker = workerPool<NotePdfTask, Uint8Array>(
  new URL(
    import.meta.url.endsWith('.ts') ? './note-pdf.worker.ts' : './note-pdf.worker.js',
    import.meta.url,
  ),
  {
    threads: 2,
    waiting: 64,
    waitMs: 30_000,
    timeMs: 30_000,
    memoryMb: 256,
    retireHeapBytes: 192 * 1024 * 1024,
    idleMs: 60_000,
  },
);

async function printable(db: DbExecutor, row: repo.NoteRow): Promise<Buffer> {
  const [dto] = await toDtos(db, [row]);
  try {
    const bytes = await drawInWorker({ ...dto!, signaturePng: row.signature ?? null });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (error instanceof PoolBusy) throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.pdfBusy);
    throw error;
  }
}

export async function notePdf(ctx: AppContext, user: SessionUser, id: number) {
  const row = await readableNote(ctx.db, user, id);
  return { file: await printable(ctx.db, row), fileName: `${row.number}.pdf` };
}

/** The PDF a mail of the outbox carries, made when the mail is sent. */
export function noteAttachments(ctx: Pick<AppContext, 'db'>) {
  return async (mail: ClaimedMail): Promise<MailAttachment[]> => {
    if (mail.movementNoteId === null) return [];
    const row = await repo.findNote(ctx.db, mail.movementNoteId);
    if (!row) return [];
    return [
      {
        filename: `${row.number}.pdf`,
        content: await printable(ctx.db, row),
        contentType: 'application/pdf',
      },
    ];
  };
}

// Writes.

async function lockedNote(tx: DbExecutor, user: SessionUser, id: number) {
  const row = await repo.lockNote(tx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  assertReadable(user, row.siteLocationId, MESSAGES.notFound);
  return row;
}

/** The drawn signature's PNG bytes, refused (400) when it is not a PNG or holds no ink. */
async function drawnSignature(dataUrl: string): Promise<Uint8Array> {
  const png = pngOfDataUrl(dataUrl);
  if (typeof png === 'string') throw badRequest(png, [{ path: 'signature', message: png }]);
  const ink = await signatureInk(png);
  if (ink === null) {
    const message = MESSAGES.signatureInvalid;
    throw badRequest(message, [{ path: 'signature', message }]);
  }
  if (!ink) {
    const message = MESSAGES.signatureBlank;
    throw badRequest(message, [{ path: 'signature', message }]);
  }
  return png;
}

/**
 * The person who receives signs: printed name and the pad's PNG, stored with the time; or, for
 * someone who cannot draw, the typed name alone, shown as typed (decision 052). Signed once; after
 * that the note never changes (409).
 */
export async function signNote(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: SignNoteInput,
): Promise<MovementNoteDto> {
  // The note is found and the caller's access checked before this (the route's findFirst).
  // A typed signature is the name alone: no drawing to read.
  const png = input.typed ? null : await drawnSignature(input.signature ?? '');
  await inTransaction(ctx, async ({ tx }) => {
    const note = await lockedNote(tx, actor.user, id);
    if (note.signedAt) throw conflict(MESSAGES.alreadySigned(note.number));
    const signed = await repo.signNote(tx, id, {
      name: input.name,
      signature: png === null ? null : Buffer.from(png),
      userId: actor.user.id,
    });
    if (!signed) throw conflict(MESSAGES.alreadySigned(note.number));
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'SIGN_MOVEMENT_NOTE',
      description: `${note.number} signed by ${input.name}${input.typed ? ' (typed)' : ''}`,
      entityType: 'movement_note',
      entityId: String(id),
      locationId: note.siteLocationId,
      details: { name: input.name, typed: input.typed === true },
      ip: actor.ip,
    });
  });
  return getNote(ctx, actor.user, id);
}

/**
 * A correction: a new note of the same kind, with a number of its own, saying what the corrected
 * one said with the changes asked, and naming it ("Corrects DN-2026-0004"). The corrected note
 * stays as it is.
 */
export async function correctNote(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: CorrectNoteInput,
): Promise<MovementNoteDto> {
  const created = await inTransaction(ctx, async ({ tx }) => {
    const note = await lockedNote(tx, actor.user, id);
    const date = localToday();
    const { year, sequence, number } = await nextNumber(tx, note.kind, date);
    const row = await repo.insertNote(tx, {
      kind: note.kind,
      number,
      year,
      sequence,
      rentalId: note.rentalId,
      returnId: note.returnId,
      siteLocationId: note.siteLocationId,
      correctsId: note.id,
      content: {
        ...note.content,
        date,
        company: (await repo.findCompany(tx)) ?? note.content.company,
        vehicle: input.vehicle ?? note.content.vehicle,
        driver: input.driver ?? note.content.driver,
        notes: input.notes ?? note.content.notes,
      },
      createdById: actor.user.id,
    });
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'CORRECT_MOVEMENT_NOTE',
      description: `${number} corrects ${note.number}`,
      entityType: 'movement_note',
      entityId: String(row.id),
      locationId: note.siteLocationId,
      details: { corrects: note.id, ...input },
      ip: actor.ip,
    });
    return row.id;
  });
  return getNote(ctx, actor.user, created);
}

/** The note's PDF to each address the admin names, through the outbox. */
export async function emailNote(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: EmailNoteInput,
): Promise<{ queued: number }> {
  if (!ctx.mailer) throw badRequest(MESSAGES.emailNotConfigured);
  const to = [...new Set(input.to.map((address) => address.trim().toLowerCase()))];
  await inTransaction(ctx, async (uow) => {
    const note = await readableNote(uow.tx, actor.user, id);
    const title = `${MOVEMENT_NOTE_TITLES[note.kind]} ${note.number}`;
    const body = [
      `${title}, ${isoToDisplayDate(note.content.date)}: from ${note.content.from.name} to ${note.content.to.name}.`,
      `The note is attached as ${note.number}.pdf.`,
      `Sent by ${actor.user.name} from Stockyard.`,
    ].join('\n\n');
    for (const address of to) {
      await queueEmail(ctx, uow, {
        userId: null,
        to: address,
        subject: emailSubject(title),
        body: `${body}\n`,
        movementNoteId: note.id,
      });
    }
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: 'EMAIL_MOVEMENT_NOTE',
      description: `${note.number} e-mailed to ${to.join(', ')}`,
      entityType: 'movement_note',
      entityId: String(id),
      locationId: note.siteLocationId,
      details: { to },
      ip: actor.ip,
    });
  });
  return { queued: to.length };
}

const PHOTO_REFUSALS = {
  type: MESSAGES.photoType,
  unreadable: MESSAGES.photoUnreadable,
  tooBig: MESSAGES.photoTooBig,
} as const;

/**
 * A photo of a return: a JPEG or PNG, whatever its name says, kept as the JPEG it is re-encoded to
 * (lib/images.ts); what does not decode is refused. A return whose note is signed takes no more
 * photos (the note lists them).
 */
export async function addReturnPhoto(
  ctx: AppContext,
  actor: Actor,
  returnId: number,
  fileName: string,
  body: unknown,
): Promise<ReturnPhotoDto> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(MESSAGES.photoEmpty);
  if (body.length > RETURN_PHOTO_MAX_BYTES) throw badRequest(MESSAGES.photoTooLarge);
  // The return is found and the caller's access checked before this (the route's findFirst).
  const told = imageTypeOf(body);
  if (told !== 'image/jpeg' && told !== 'image/png') throw badRequest(MESSAGES.photoType);
  const decoded = await decodeImage({ kind: 'photo', bytes: body });
  if (decoded.kind === 'refused') throw badRequest(PHOTO_REFUSALS[decoded.reason]);
  if (decoded.kind !== 'photo') throw badRequest(MESSAGES.photoUnreadable);
  const bytes = Buffer.from(decoded.bytes);
  const contentType = 'image/jpeg';
  return inTransaction(ctx, async ({ tx }) => {
    const back = await repo.findReturn(tx, returnId);
    if (!back) throw notFound(MESSAGES.returnNotFound);
    assertReadable(actor.user, back.toLocationId, MESSAGES.returnNotFound);
    const note = await repo.lockNoteOfReturn(tx, returnId);
    if (note?.signedAt) throw conflict(MESSAGES.alreadySigned(note.number));
    if ((await repo.countPhotos(tx, returnId)) >= RETURN_PHOTOS_MAX) {
      throw badRequest(MESSAGES.tooManyPhotos);
    }
    const photo = await repo.insertPhoto(tx, {
      returnId,
      fileName,
      contentType,
      bytes,
      createdById: actor.user.id,
    });
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'ADD_RETURN_PHOTO',
      description: `Photo ${fileName} added to return ${returnId} of rental #${back.rentalId}`,
      entityType: 'material_rental',
      entityId: String(back.rentalId),
      locationId: back.toLocationId,
      details: { returnId, photoId: photo.id, size: photo.size, contentType },
      ip: actor.ip,
    });
    return photoDto(photo);
  });
}

/** A return the user may see (to add a photo to): a field manager only their location's (else 404). */
export async function readableReturn(db: DbExecutor, user: SessionUser, returnId: number) {
  const back = await repo.findReturn(db, returnId);
  if (!back) throw notFound(MESSAGES.returnNotFound);
  assertReadable(user, back.toLocationId, MESSAGES.returnNotFound);
  return back;
}

export async function returnPhoto(
  ctx: AppContext,
  user: SessionUser,
  returnId: number,
  photoId: number,
) {
  const back = await repo.findReturn(ctx.db, returnId);
  if (!back) throw notFound(MESSAGES.photoNotFound);
  assertReadable(user, back.toLocationId, MESSAGES.photoNotFound);
  const photo = await repo.findPhoto(ctx.db, returnId, photoId);
  if (!photo) throw notFound(MESSAGES.photoNotFound);
  return photo;
}
