import type { MovementNoteKind, MovementNoteLine, ReturnPhotoType } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { materialRentalReturns, materialRentals } from './material-rentals';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** What a note says, written when it is made and never changed: the document's content. */
export type MovementNoteContent = {
  date: string;
  company: { name: string; address: string; phone: string; email: string } | null;
  from: { name: string; address: string };
  to: { name: string; address: string };
  items: MovementNoteLine[];
  totalWeightKg: number | null;
  vehicle: string | null;
  driver: string | null;
  notes: string | null;
};

/**
 * A delivery note (a rental's dispatch) or a return note (one return): its number, what it says,
 * and once signed, the signature, name and time. A signed note never changes; a correction is a
 * new note whose `corrects_id` names it.
 */
export const movementNotes = pgTable(
  'movement_notes',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<MovementNoteKind>().notNull(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** The rental (a deleted rental's notes stay, as documents do). */
    rentalId: integer('rental_id').references(() => materialRentals.id, { onDelete: 'set null' }),
    returnId: integer('return_id').references(() => materialRentalReturns.id, {
      onDelete: 'restrict',
    }),
    /** The location whose field manager reads and signs it: the rental's destination (the site). */
    siteLocationId: integer('site_location_id').notNull(),
    correctsId: integer('corrects_id'),
    content: jsonb('content').$type<MovementNoteContent>().notNull(),
    signedName: text('signed_name'),
    signature: bytea('signature'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedById: integer('signed_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('movement_notes_kind_check', sql`${t.kind} in ('DELIVERY', 'RETURN')`),
    uniqueIndex('movement_notes_number_unique').on(t.number),
    uniqueIndex('movement_notes_sequence_unique').on(t.kind, t.year, t.sequence),
    index('movement_notes_rental_idx').on(t.rentalId, t.id),
    index('movement_notes_return_idx').on(t.returnId),
    index('movement_notes_corrects_idx').on(t.correctsId),
  ],
);

/**
 * A photo of a return, taken with the phone: its bytes in the database (a few hundred KB once
 * resized on the device), typed by their first bytes on the server.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => materialRentalReturns.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<ReturnPhotoType>().notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_photos_return_idx').on(t.returnId, t.id)],
);
