import type { RentalRequestDecision, RentalRequestStatus } from '@stockyard/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client';
import {
  locations,
  materials,
  rentalRequestCounts,
  rentalRequestItems,
  rentalRequests,
  users,
} from '../../db/schema';
import { containsPattern, type Page, pageAndTotal, totalColumn } from '../../lib/list-page';
import { limitLiteral, prepared, preparedList } from '../../lib/prepared';

export type RentalRequestRow = typeof rentalRequests.$inferSelect;
export type RequestValues = Pick<
  typeof rentalRequests.$inferInsert,
  'locationId' | 'requestedById' | 'requestedDate' | 'returnDate' | 'notes'
>;
export type ItemValues = Omit<
  typeof rentalRequestItems.$inferInsert,
  'id' | 'requestId' | 'position'
>;

/** Which requests a list covers: one location (a field manager's), a status, a search. */
export type RequestFilters = {
  locationId?: number;
  status?: RentalRequestStatus;
  search?: string;
};

const p = sql.placeholder;
const requesterLocation = alias(locations, 'requester_location');

/** `%` and `_` of a search are matched literally. */
/** What a row of the list, and the head of the detail, shows. */
const LISTED = {
  request: rentalRequests,
  location: { name: locations.name, address: locations.address },
  requester: {
    id: users.id,
    name: users.name,
    email: users.email,
    locationId: users.locationId,
    locationName: requesterLocation.name,
  },
  itemCount:
    sql<number>`(select count(*) from ${rentalRequestItems} where ${rentalRequestItems.requestId} = ${rentalRequests.id})`.mapWith(
      Number,
    ),
};

type Given = { location: boolean; status: boolean; search: boolean };

/**
 * The search: the request's number, its requester's name or email, or its location's name. The
 * people and places are found first (few rows), then their requests through the indexes.
 */
function filtersOf(given: Given) {
  return and(
    given.location ? eq(rentalRequests.locationId, p('locationId')) : undefined,
    given.status ? eq(rentalRequests.status, p('status')) : undefined,
    given.search
      ? // `= any(array(...))` rather than `in (...)`: each arm is then an index condition, and
        // PostgreSQL reads the matches through a bitmap OR of the three indexes, not every row.
        sql`(${rentalRequests.id} = ${p('searchId')}
          or ${rentalRequests.requestedById} = any(array(
            select ${users.id} from ${users}
            where ${users.name} ilike ${p('pattern')} or ${users.email} ilike ${p('pattern')}))
          or ${rentalRequests.locationId} = any(array(
            select ${locations.id} from ${locations} where ${locations.name} ilike ${p('pattern')})))`
      : undefined,
  );
}

/**
 * How many requests the list covers: added up from the counters (a few rows per location) unless
 * a search is given, whose matches are counted.
 */
function requestTotal(d: Database, given: Given) {
  if (given.search) return d.select({ n: count() }).from(rentalRequests).where(filtersOf(given));
  const c = rentalRequestCounts;
  return d
    .select({ n: sql<number>`coalesce(sum(${c.requests}), 0)` })
    .from(c)
    .where(
      and(
        given.location ? eq(c.locationId, p('locationId')) : undefined,
        given.status ? eq(c.status, p('status')) : undefined,
      ),
    );
}

/** A page of requests, newest first, prepared once per combination of filters (decision 009). */
function requestPage(db: Database, given: Given, page: Page) {
  const shape = Object.values(given).map(Number).join('');
  return preparedList(db, `rental_requests_list_${shape}`, page, (d, name, limit, offset) => {
    const where = filtersOf(given);
    return d
      .select({
        ...LISTED,
        total: totalColumn(requestTotal(d, given)),
      })
      .from(rentalRequests)
      .innerJoin(locations, eq(locations.id, rentalRequests.locationId))
      .innerJoin(users, eq(users.id, rentalRequests.requestedById))
      .leftJoin(requesterLocation, eq(requesterLocation.id, users.locationId))
      .where(where)
      .orderBy(desc(rentalRequests.id))
      .limit(limitLiteral(limit))
      .offset(offset)
      .prepare(name);
  });
}

export async function listRequests(db: Database, filters: RequestFilters, page: Page) {
  const given: Given = {
    location: filters.locationId !== undefined,
    status: filters.status !== undefined,
    search: Boolean(filters.search),
  };
  const search = filters.search ?? '';
  const values = {
    locationId: filters.locationId,
    status: filters.status,
    pattern: containsPattern(search),
    // A number that fits an id column, or 0, which no request has.
    searchId: /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : 0,
  };
  const read = ({ limit, offset }: Page) =>
    requestPage(db, given, { limit, offset }).execute({ ...values, offset });
  return pageAndTotal(read, page);
}

export type ListedRequest = Awaited<ReturnType<typeof listRequests>>['rows'][number];

/** One request with its location and requester, or null; `db` may be a transaction. */
export async function findRequest(db: DbExecutor, id: number) {
  const [row] = await db
    .select(LISTED)
    .from(rentalRequests)
    .innerJoin(locations, eq(locations.id, rentalRequests.locationId))
    .innerJoin(users, eq(users.id, rentalRequests.requestedById))
    .leftJoin(requesterLocation, eq(requesterLocation.id, users.locationId))
    .where(eq(rentalRequests.id, id));
  return row ?? null;
}

/** The detail's read, prepared by name: the screen opens it often. */
export async function readRequest(db: Database, id: number) {
  const statement = prepared(db, 'rental_request_detail', (d, name) =>
    d
      .select(LISTED)
      .from(rentalRequests)
      .innerJoin(locations, eq(locations.id, rentalRequests.locationId))
      .innerJoin(users, eq(users.id, rentalRequests.requestedById))
      .leftJoin(requesterLocation, eq(requesterLocation.id, users.locationId))
      .where(eq(rentalRequests.id, p('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/** A request's materials in their order. */
export async function findItems(db: DbExecutor, requestId: number) {
  return db
    .select()
    .from(rentalRequestItems)
    .where(eq(rentalRequestItems.requestId, requestId))
    .orderBy(asc(rentalRequestItems.position));
}

/** A person's name and email (the decider of a request). */
export async function findPerson(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function findLocation(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, address: locations.address })
    .from(locations)
    .where(eq(locations.id, id));
  return row ?? null;
}

/** Live materials among `ids`, with their location, name and unit. */
export async function findLiveMaterials(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: materials.id,
      name: materials.name,
      unit: materials.unit,
      locationId: materials.locationId,
    })
    .from(materials)
    .where(and(inArray(materials.id, ids), isNull(materials.deletedAt)));
}

export async function insertRequest(
  db: DbExecutor,
  values: RequestValues,
  items: ItemValues[],
): Promise<RentalRequestRow> {
  const [row] = await db.insert(rentalRequests).values(values).returning();
  await db
    .insert(rentalRequestItems)
    .values(items.map((item, position) => ({ ...item, requestId: row!.id, position })));
  return row!;
}

/**
 * Decides a pending request: one conditional UPDATE, so that of any number of decisions at once
 * exactly one finds it PENDING. Null when it was not pending (or does not exist).
 */
export async function decideRequest(
  db: DbExecutor,
  id: number,
  decision: { status: RentalRequestDecision; approvedById: number; notes: string },
): Promise<RentalRequestRow | null> {
  const [row] = await db
    .update(rentalRequests)
    .set({
      status: decision.status,
      approvedById: decision.approvedById,
      decisionNotes: decision.notes,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(rentalRequests.id, id), eq(rentalRequests.status, 'PENDING')))
    .returning();
  return row ?? null;
}

/** The decision notes of a decided request; null when it is pending or missing. */
export async function updateDecisionNotes(
  db: DbExecutor,
  id: number,
  notes: string,
): Promise<{ before: string | null; row: RentalRequestRow } | null> {
  const [before] = await db
    .select({ notes: rentalRequests.decisionNotes, status: rentalRequests.status })
    .from(rentalRequests)
    .where(eq(rentalRequests.id, id))
    .for('update');
  if (!before || before.status === 'PENDING') return null;
  const [row] = await db
    .update(rentalRequests)
    .set({ decisionNotes: notes, updatedAt: sql`now()` })
    .where(eq(rentalRequests.id, id))
    .returning();
  return { before: before.notes, row: row! };
}
