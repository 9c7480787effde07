import type { ReturnPhotoType } from '@stockyard/shared';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import {
  companyProfile,
  locations,
  materialRentalItems,
  materialRentalReturns,
  materialRentals,
  materials,
  materialTypes,
  movementNotes,
  returnPhotos,
} from '../../db/schema';

export async function findCompany(db: DbExecutor) {
  const [row] = await db
    .select({
      name: companyProfile.companyName,
      address: companyProfile.address,
      phone: companyProfile.phone,
      email: companyProfile.email,
    })
    .from(companyProfile)
    .limit(1);
  return row ?? null;
}

const fromPlace = alias(locations, 'from_place');
const toPlace = alias(locations, 'to_place');

type Company = NonNullable<Awaited<ReturnType<typeof findCompany>>>;
/** A rental's line with its catalogue's item number and weight. */
type Line = {
  itemId: number;
  name: string;
  unit: string;
  quantity: number;
  itemNumber: string | null;
  unitWeightKg: number | null;
};

/**
 * What a new note is made of, in one statement: the rental with the names and addresses of
 * its two places, its lines in their order (or the one `itemId` names) with their catalogue's item
 * number and weight, and the company.
 */
export async function findNoteSources(db: DbExecutor, rentalId: number, itemId?: number) {
  const line = itemId === undefined ? sql`true` : sql`${materialRentalItems.id} = ${itemId}`;
  const [row] = await db
    .select({
      id: materialRentals.id,
      rentalDate: materialRentals.rentalDate,
      notes: materialRentals.notes,
      toLocationId: materialRentals.toLocationId,
      from: { name: fromPlace.name, address: fromPlace.address },
      to: { name: toPlace.name, address: toPlace.address },
      company: sql<Company | null>`(select json_build_object('name', ${companyProfile.companyName},
        'address', ${companyProfile.address}, 'phone', ${companyProfile.phone},
        'email', ${companyProfile.email}) from ${companyProfile} limit 1)`,
      lines: sql<
        Line[]
      >`(select coalesce(json_agg(json_build_object('itemId', ${materialRentalItems.id},
        'name', ${materialRentalItems.materialName}, 'unit', ${materialRentalItems.unit},
        'quantity', ${materialRentalItems.quantity}, 'itemNumber', ${materialTypes.itemNumber},
        'unitWeightKg', ${materialTypes.weightKg}) order by ${materialRentalItems.id}), '[]'::json)
        from ${materialRentalItems}
        join ${materials} on ${materials.id} = ${materialRentalItems.materialId}
        join ${materialTypes} on ${materialTypes.id} = ${materials.materialTypeId}
        where ${materialRentalItems.rentalId} = ${materialRentals.id} and ${line})`,
    })
    .from(materialRentals)
    .innerJoin(fromPlace, eq(fromPlace.id, materialRentals.fromLocationId))
    .innerJoin(toPlace, eq(toPlace.id, materialRentals.toLocationId))
    .where(eq(materialRentals.id, rentalId));
  return row ?? null;
}

export async function findReturn(db: DbExecutor, returnId: number) {
  const [row] = await db
    .select({
      id: materialRentalReturns.id,
      rentalId: materialRentalReturns.rentalId,
      rentalItemId: materialRentalReturns.rentalItemId,
      quantity: materialRentalReturns.returnedQuantity,
      damaged: materialRentalReturns.damagedQuantity,
      lost: materialRentalReturns.lostQuantity,
      returnDate: materialRentalReturns.returnDate,
      notes: materialRentalReturns.notes,
      toLocationId: materialRentals.toLocationId,
    })
    .from(materialRentalReturns)
    .innerJoin(materialRentals, eq(materialRentals.id, materialRentalReturns.rentalId))
    .where(eq(materialRentalReturns.id, returnId));
  return row ?? null;
}

export type NoteValues = typeof movementNotes.$inferInsert;
export type NoteRow = typeof movementNotes.$inferSelect;

export async function insertNote(tx: DbExecutor, values: NoteValues): Promise<NoteRow> {
  const [row] = await tx.insert(movementNotes).values(values).returning();
  return row!;
}

export async function findNote(db: DbExecutor, id: number): Promise<NoteRow | null> {
  const [row] = await db.select().from(movementNotes).where(eq(movementNotes.id, id));
  return row ?? null;
}

/** The note held until the transaction ends (a sign, a correction, a photo wait for each other). */
export async function lockNote(tx: DbExecutor, id: number): Promise<NoteRow | null> {
  const [row] = await tx.select().from(movementNotes).where(eq(movementNotes.id, id)).for('update');
  return row ?? null;
}

export async function lockNoteOfReturn(tx: DbExecutor, returnId: number) {
  const [row] = await tx
    .select()
    .from(movementNotes)
    .where(and(eq(movementNotes.returnId, returnId), isNull(movementNotes.correctsId)))
    .for('update');
  return row ?? null;
}

/** A rental's notes, oldest first (its delivery note, then its returns' and corrections). */
export async function listNotes(db: DbExecutor, rentalId: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(movementNotes)
    .where(eq(movementNotes.rentalId, rentalId))
    .orderBy(asc(movementNotes.id));
}

export async function numbersOf(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: movementNotes.id, number: movementNotes.number })
    .from(movementNotes)
    .where(inArray(movementNotes.id, ids));
}

/** The corrections of these notes, oldest first. */
export async function correctionsOf(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: movementNotes.id,
      number: movementNotes.number,
      correctsId: movementNotes.correctsId,
    })
    .from(movementNotes)
    .where(inArray(movementNotes.correctsId, ids))
    .orderBy(asc(movementNotes.id));
}

/** Signs a note not signed yet; answers null when it was signed meanwhile. */
export async function signNote(
  tx: DbExecutor,
  id: number,
  signed: { name: string; signature: Buffer | null; userId: number },
) {
  const [row] = await tx
    .update(movementNotes)
    .set({
      signedName: signed.name,
      signature: signed.signature,
      signedAt: sql`now()`,
      signedById: signed.userId,
    })
    .where(and(eq(movementNotes.id, id), isNull(movementNotes.signedAt)))
    .returning();
  return row ?? null;
}

const photoColumns = {
  id: returnPhotos.id,
  returnId: returnPhotos.returnId,
  fileName: returnPhotos.fileName,
  contentType: returnPhotos.contentType,
  size: returnPhotos.size,
  createdAt: returnPhotos.createdAt,
};

export async function listPhotos(db: DbExecutor, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  return db
    .select(photoColumns)
    .from(returnPhotos)
    .where(inArray(returnPhotos.returnId, returnIds))
    .orderBy(asc(returnPhotos.id));
}

export async function countPhotos(db: DbExecutor, returnId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(returnPhotos)
    .where(eq(returnPhotos.returnId, returnId));
  return row?.n ?? 0;
}

export async function insertPhoto(
  tx: DbExecutor,
  values: {
    returnId: number;
    fileName: string;
    contentType: ReturnPhotoType;
    bytes: Buffer;
    createdById: number;
  },
) {
  const [row] = await tx
    .insert(returnPhotos)
    .values({ ...values, size: values.bytes.length })
    .returning(photoColumns);
  return row!;
}

export async function findPhoto(db: DbExecutor, returnId: number, photoId: number) {
  const [row] = await db
    .select({ ...photoColumns, bytes: returnPhotos.bytes })
    .from(returnPhotos)
    .where(and(eq(returnPhotos.id, photoId), eq(returnPhotos.returnId, returnId)));
  return row ?? null;
}
