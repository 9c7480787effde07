import { z } from 'zod';
import { idText } from './common';
import { isoInstantSchema } from './responses';
import { plainText } from './text';

/**
 * Delivery and return notes (decision 042): the proof of every movement. A rental's
 * dispatch has a delivery note (DN-2026-0001), each return a return note (RN-2026-0001), numbered
 * per kind and year without gaps. The person who receives signs it on the phone; once signed it
 * never changes, and a correction is a new note that refers to it.
 */

export const MOVEMENT_NOTE_KINDS = ['DELIVERY', 'RETURN'] as const;
export type MovementNoteKind = (typeof MOVEMENT_NOTE_KINDS)[number];

export const MOVEMENT_NOTE_PREFIX: Record<MovementNoteKind, string> = {
  DELIVERY: 'DN',
  RETURN: 'RN',
};

export const MOVEMENT_NOTE_TITLES: Record<MovementNoteKind, string> = {
  DELIVERY: 'Delivery note',
  RETURN: 'Return note',
};

/** DN-2026-0001: the kind's prefix, the year and the note's place in it, four digits at least. */
export function movementNoteNumber(kind: MovementNoteKind, year: number, sequence: number): string {
  return `${MOVEMENT_NOTE_PREFIX[kind]}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The longest signature accepted: a PNG of at most 200 KB. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
/** The largest photo of a return accepted (the phone resizes it to far less first). */
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The most pixels of a photo decoded (a 16 MP camera's; the phone sends 1600 px at most). */
export const RETURN_PHOTO_MAX_MEGAPIXELS = 16;
/** The photos one return may carry. */
export const RETURN_PHOTOS_MAX = 20;
/**
 * The image types a return's photo may be served as: an upload is kept as a JPEG, but photos
 * uploaded before that rule may be WebP.
 */
export const RETURN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ReturnPhotoType = (typeof RETURN_PHOTO_TYPES)[number];
/** The addresses one e-mail of a note goes to at most. */
export const NOTE_EMAIL_MAX_RECIPIENTS = 10;

export const MOVEMENT_NOTE_MESSAGES = {
  notFound: 'Note not found',
  photoNotFound: 'Photo not found',
  returnNotFound: 'Return not found',
  signed: 'Note signed',
  corrected: 'Correction note created',
  emailed: 'Note queued for e-mail',
  photoAdded: 'Photo added',
  alreadySigned: (number: string) =>
    `${number} is already signed and cannot be changed; make a correction instead`,
  signatureInvalid: 'The signature must be a PNG image (data:image/png;base64,...)',
  signatureTooLarge: `The signature must be at most ${SIGNATURE_MAX_BYTES / 1024} KB`,
  signatureBlank: 'Draw the signature first',
  typedWithDrawing: 'A typed signature is the typed name alone: send no drawing with it',
  nameRequired: 'Type the name of the person who signs',
  emailNotConfigured: 'E-mail is not configured on this server',
  recipientsRequired: 'Name at least one e-mail address',
  recipientInvalid: 'Each recipient must be an e-mail address',
  photoType: 'The photo must be a JPEG or PNG image',
  photoUnreadable: 'The photo could not be read as an image',
  photoTooBig: `The photo must be at most ${RETURN_PHOTO_MAX_MEGAPIXELS} megapixels`,
  imagesBusy: 'The server is reading other images just now; try again in a minute.',
  pdfBusy: 'The server is drawing other documents just now; try again in a minute.',
  photoEmpty: 'Choose a photo',
  photoTooLarge: `The photo must be at most ${RETURN_PHOTO_MAX_BYTES / (1024 * 1024)} MB`,
  tooManyPhotos: `A return carries at most ${RETURN_PHOTOS_MAX} photos`,
} as const;

const shortText = (field: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    plainText(
      z
        .string({ error: `${field} must be text` })
        .trim()
        .max(max, { error: `${field} must be at most ${max} characters` }),
      field,
    ).optional(),
  );

/** The vehicle and driver of a dispatch: optional fields of the rental's creation. */
export const dispatchFields = {
  vehicle: shortText('Vehicle', 80),
  driver: shortText('Driver', 80),
};

export const movementNoteListQuery = z.object({ rentalId: idText() });
export const returnPhotoParams = z.object({ returnId: idText() });
export const returnPhotoFileParams = z.object({ returnId: idText(), photoId: idText() });

export const signNoteSchema = z
  .object({
    name: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      plainText(
        z
          .string({ error: MOVEMENT_NOTE_MESSAGES.nameRequired })
          .trim()
          .min(1, { error: MOVEMENT_NOTE_MESSAGES.nameRequired })
          .max(120, { error: 'The name must be at most 120 characters' }),
        'Name',
      ),
    ),
    /**
     * A typed signature: the signer, who cannot draw, types their name, which stands
     * as the signature; the note says it was typed. No drawing goes with it.
     */
    typed: z.boolean({ error: 'typed must be true or false' }).optional(),
    // Base64 of SIGNATURE_MAX_BYTES, and the prefix; the server reads the image itself. Required
    // unless the signature is typed.
    signature: z
      .string({ error: MOVEMENT_NOTE_MESSAGES.signatureInvalid })
      .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 64, {
        error: MOVEMENT_NOTE_MESSAGES.signatureTooLarge,
      })
      .startsWith('data:image/png;base64,', { error: MOVEMENT_NOTE_MESSAGES.signatureInvalid })
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.typed && input.signature !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['signature'],
        message: MOVEMENT_NOTE_MESSAGES.typedWithDrawing,
      });
    } else if (!input.typed && input.signature === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['signature'],
        message: MOVEMENT_NOTE_MESSAGES.signatureBlank,
      });
    }
  });
export type SignNoteInput = z.infer<typeof signNoteSchema>;

export const correctNoteSchema = z.object({
  ...dispatchFields,
  notes: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    plainText(
      z
        .string({ error: 'Notes must be text' })
        .trim()
        .max(2000, { error: 'Notes must be at most 2000 characters' }),
      'Notes',
      { multiline: true },
    ).optional(),
  ),
});
export type CorrectNoteInput = z.infer<typeof correctNoteSchema>;

export const emailNoteSchema = z.object({
  to: z
    .array(z.email({ error: MOVEMENT_NOTE_MESSAGES.recipientInvalid }).max(254), {
      error: MOVEMENT_NOTE_MESSAGES.recipientsRequired,
    })
    .min(1, { error: MOVEMENT_NOTE_MESSAGES.recipientsRequired })
    .max(NOTE_EMAIL_MAX_RECIPIENTS, {
      error: `At most ${NOTE_EMAIL_MAX_RECIPIENTS} recipients`,
    }),
});
export type EmailNoteInput = z.infer<typeof emailNoteSchema>;

const place = z.object({ name: z.string(), address: z.string() });

export const movementNoteLineSchema = z.object({
  itemNumber: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** The catalogue's weight of one unit, in kg; null when the catalogue has none. */
  unitWeightKg: z.number().nullable(),
  /** quantity × unit weight. */
  weightKg: z.number().nullable(),
  /**
   * A return's line: how many came back good and damaged (its quantity, what was carried back)
   * and how many are lost. Absent on a delivery, and on notes made before.
   */
  condition: z
    .object({ good: z.number(), damaged: z.number(), lost: z.number() })
    .nullable()
    .optional(),
});
export type MovementNoteLine = z.infer<typeof movementNoteLineSchema>;

/** A return line's condition as the note prints it: "95 good, 3 damaged, 2 lost". */
export function conditionText(condition: { good: number; damaged: number; lost: number }): string {
  return `${condition.good} good, ${condition.damaged} damaged, ${condition.lost} lost`;
}

export const returnPhotoDtoSchema = z.object({
  id: z.number(),
  returnId: z.number(),
  fileName: z.string(),
  contentType: z.enum(RETURN_PHOTO_TYPES),
  size: z.number(),
  createdAt: isoInstantSchema,
});
export type ReturnPhotoDto = z.infer<typeof returnPhotoDtoSchema>;

export const movementNoteDtoSchema = z.object({
  id: z.number(),
  kind: z.enum(MOVEMENT_NOTE_KINDS),
  number: z.string(),
  /** The day of the movement, yyyy-MM-dd. */
  date: z.string(),
  rentalId: z.number().nullable(),
  returnId: z.number().nullable(),
  corrects: z.object({ id: z.number(), number: z.string() }).nullable(),
  correctedBy: z.array(z.object({ id: z.number(), number: z.string() })),
  company: z
    .object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() })
    .nullable(),
  from: place,
  to: place,
  items: z.array(movementNoteLineSchema),
  totalWeightKg: z.number().nullable(),
  vehicle: z.string().nullable(),
  driver: z.string().nullable(),
  notes: z.string().nullable(),
  /** Who signed and when; `typed` when the name was typed as the signature, not drawn. */
  signed: z.object({ name: z.string(), at: isoInstantSchema, typed: z.boolean() }).nullable(),
  photos: z.array(returnPhotoDtoSchema),
  createdAt: isoInstantSchema,
});
export type MovementNoteDto = z.infer<typeof movementNoteDtoSchema>;

/** What the server reads out of a PNG signature: its bytes, or why it is refused. */
export function pngOfDataUrl(dataUrl: string): Uint8Array | string {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) return MOVEMENT_NOTE_MESSAGES.signatureInvalid;
  const base64 = dataUrl.slice(prefix.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return MOVEMENT_NOTE_MESSAGES.signatureInvalid;
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  if (bytes.length > SIGNATURE_MAX_BYTES) return MOVEMENT_NOTE_MESSAGES.signatureTooLarge;
  const magic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 33 || magic.some((b, i) => bytes[i] !== b)) {
    return MOVEMENT_NOTE_MESSAGES.signatureInvalid;
  }
  return bytes;
}

/** The type of an image told by its first bytes (JPEG, PNG, WebP), or null for anything else. */
export function imageTypeOf(bytes: Uint8Array): ReturnPhotoType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    starts([0x52, 0x49, 0x46, 0x46]) &&
    starts([0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'image/webp';
  }
  return null;
}
