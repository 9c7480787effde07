import {
  MAX_MATERIAL_OPTIONS,
  type RentalRequestDecision,
  type RentalRequestStatus,
} from '@stockyard/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client';
import {
  locations,
  materialRentals,
  materials,
  rentalRequestItems,
  rentalRequests,
  userSearchText,
  users,
} from '../../db/schema';
import { jsonObject, jsonRows } from '../../lib/json-rows';
import { containsPattern, listPage, type Page, totalColumn } from '../../lib/list-page';
import { prepared } from '../../lib/prepared';
import { matches } from '../../lib/search';

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

const requesterLocation = alias(locations, 'requester_location');
const approver = alias(users, 'approver');

/** What a row of the list, and the head of the detail, shows. */
const HEAD = {
  request: rentalRequests,
  location: { name: locations.name, address: locations.address },
  requester: {
    id: users.id,
    name: users.name,
    email: users.email,
    locationId: users.locationId,
    locationName: requesterLocation.name,
  },
};

const p = sql.placeholder;

/** Which filters a list is given: one statement is prepared for each combination. */
type Given = { location: boolean; status: boolean; search: boolean };

/** The filters of a list that are not its search: a field manager's location, a status. */
function scopeOf(given: Given) {
  return [
    given.location ? eq(rentalRequests.locationId, p('locationId')) : undefined,
    given.status ? eq(rentalRequests.status, p('status')) : undefined,
  ];
}

/**
 * The ids of the requests a search finds by number, requester (name or email) or location name.
 * A union, so each part reads its own index alone; the people and places are found first (a few
 * hundred rows), `= any(array(...))` making them an index condition.
 */
function matchesOf(d: Database, given: Given) {
  const arm = (found: SQL) =>
    d
      .select({ id: rentalRequests.id })
      .from(rentalRequests)
      .where(and(found, ...scopeOf(given)));
  return d.$with('matches').as(
    union(
      arm(eq(rentalRequests.id, p('searchId'))),
      arm(sql`${rentalRequests.requestedById} = any(array(
        select ${users.id} from ${users} where ${matches(userSearchText(), p('pattern'))}))`),
      arm(sql`${rentalRequests.locationId} = any(array(
        select ${locations.id} from ${locations} where ${matches(locations.name, p('pattern'))}))`),
    ),
  );
}

/**
 * A page of requests, newest first, with location, requester and number of materials, and the
 * list's total, through `listPage`: the page's ids from an index alone (or the search's matches),
 * then only those rows joined. The total is counted from the requests, never kept.
 */
export async function listRequests(db: Database, filters: RequestFilters, page: Page) {
  const search = filters.search || undefined;
  const given: Given = {
    location: filters.locationId !== undefined,
    status: filters.status !== undefined,
    search: search !== undefined,
  };
  const matches = matchesOf(db, given);
  const where = and(...scopeOf(given));
  return listPage(
    db,
    {
      name: 'rental_requests',
      filters: {
        locationId: filters.locationId,
        status: filters.status,
        pattern: search === undefined ? undefined : containsPattern(search),
        // A number that fits an id column, or 0, which no request has.
        searchId:
          search === undefined
            ? undefined
            : /^#?\d{1,9}$/.test(search)
              ? Number(search.replace('#', ''))
              : 0,
      },
      count: () =>
        given.search
          ? db.with(matches).select({ n: count() }).from(matches)
          : db.select({ n: count() }).from(rentalRequests).where(where),
      paged: (total, _f, bounds) => {
        const ids = given.search
          ? db
              .select({ id: sql<number>`${matches.id}`.as('page_id') })
              .from(matches)
              .orderBy(desc(matches.id))
              .limit(bounds.limit)
              .offset(bounds.offset)
              .as('page')
          : db
              .select({ id: sql<number>`${rentalRequests.id}`.as('page_id') })
              .from(rentalRequests)
              .where(where)
              .orderBy(desc(rentalRequests.id))
              .limit(bounds.limit)
              .offset(bounds.offset)
              .as('page');
        return db
          .with(...(given.search ? [matches] : []))
          .select({
            ...HEAD,
            itemCount:
              sql<number>`(select count(*) from ${rentalRequestItems} where ${rentalRequestItems.requestId} = ${rentalRequests.id})`.mapWith(
                Number,
              ),
            // A search's matches are found once: its total counts the page's own CTE.
            total: given.search ? totalColumn(db.select({ n: count() }).from(matches)) : total,
          })
          .from(ids)
          .innerJoin(rentalRequests, eq(rentalRequests.id, ids.id))
          .innerJoin(locations, eq(locations.id, rentalRequests.locationId))
          .innerJoin(users, eq(users.id, rentalRequests.requestedById))
          .leftJoin(requesterLocation, eq(requesterLocation.id, users.locationId))
          .orderBy(desc(ids.id));
      },
    },
    page,
  );
}

export type ListedRequest = Awaited<ReturnType<typeof listRequests>>['rows'][number];

/**
 * The export's chunk: `limit` requests of the list, newest first, after the request `afterId`
 * (none: from the newest), with what a row of the list shows. The same filters as the list's (a
 * search its matches, `matchesOf`), without the list's page and total.
 */
export async function requestsAfter(
  db: Database,
  filters: RequestFilters,
  afterId: number | null,
  limit: number,
) {
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
    searchId: /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : 0,
  };
  const matches = matchesOf(db, given);
  const found = given.search
    ? inArray(rentalRequests.id, db.select({ id: matches.id }).from(matches))
    : and(...scopeOf(given));
  return db
    .with(...(given.search ? [matches] : []))
    .select({
      ...HEAD,
      itemCount:
        sql<number>`(select count(*) from ${rentalRequestItems} where ${rentalRequestItems.requestId} = ${rentalRequests.id})`.mapWith(
          Number,
        ),
    })
    .from(rentalRequests)
    .innerJoin(locations, eq(locations.id, rentalRequests.locationId))
    .innerJoin(users, eq(users.id, rentalRequests.requestedById))
    .leftJoin(requesterLocation, eq(requesterLocation.id, users.locationId))
    .where(and(found, afterId === null ? undefined : lt(rentalRequests.id, afterId)))
    .orderBy(desc(rentalRequests.id))
    .limit(limit)
    .prepare('')
    .execute(values);
}

/** A request's material as its detail shows it, with the location it is asked from. */
type RequestItemShown = Pick<
  typeof rentalRequestItems.$inferSelect,
  'id' | 'materialId' | 'sourceLocationId' | 'name' | 'description' | 'quantity' | 'unit'
> & { source: { id: number; name: string } | null };

/** A rental made from a request, with the location it came from. */
type RequestRental = { id: number; fromLocation: { id: number; name: string } };

/** The request's materials in their order, as one JSON column of its row. */
const item = alias(rentalRequestItems, 'item');
const source = alias(locations, 'source');
const itemsColumn = jsonRows<RequestItemShown>(
  {
    id: item.id,
    materialId: item.materialId,
    sourceLocationId: item.sourceLocationId,
    name: item.name,
    description: item.description,
    quantity: item.quantity,
    unit: item.unit,
    source: sql`case when ${source.id} is null then null
      else ${jsonObject({ id: source.id, name: source.name })} end`,
  },
  sql`from ${rentalRequestItems} ${item}
      left join ${locations} ${source} on ${source.id} = ${item.sourceLocationId}
      where ${item.requestId} = ${rentalRequests.id}`,
  sql`${item.position}`,
);

/** The rentals made from the request, oldest first, as one JSON column of its row. */
const made = alias(materialRentals, 'made');
const madeFrom = alias(locations, 'made_from');
const rentalsColumn = jsonRows<RequestRental>(
  { id: made.id, fromLocation: jsonObject({ id: madeFrom.id, name: madeFrom.name }) },
  sql`from ${materialRentals} ${made}
      join ${locations} ${madeFrom} on ${madeFrom.id} = ${made.fromLocationId}
      where ${made.requestId} = ${rentalRequests.id}`,
  sql`${made.id}`,
);

/**
 * The detail's query: a request with its location, requester, decider, materials in their order
 * and the rentals made from it, in one row (the materials and rentals as JSON columns).
 */
function detailQuery(d: DbExecutor, id: number | Placeholder) {
  return d
    .select({
      ...HEAD,
      approvedBy: { id: approver.id, name: approver.name, email: approver.email },
      items: itemsColumn,
      rentals: rentalsColumn,
    })
    .from(rentalRequests)
    .innerJoin(locations, eq(locations.id, rentalRequests.locationId))
    .innerJoin(users, eq(users.id, rentalRequests.requestedById))
    .leftJoin(requesterLocation, eq(requesterLocation.id, users.locationId))
    .leftJoin(approver, eq(approver.id, rentalRequests.approvedById))
    .where(eq(rentalRequests.id, id));
}

/** One request with everything its detail shows, or null; `db` may be a transaction. */
export async function findRequest(db: DbExecutor, id: number) {
  const [row] = await detailQuery(db, id);
  return row ?? null;
}

/**
 * The same read for the detail screen, prepared by name: PostgreSQL plans it once per connection
 * instead of at every call, where planning costs more than the read; one round trip, not two.
 */
export async function readRequest(db: Database, id: number) {
  const statement = prepared(db, 'rental_request_detail', (d, name) =>
    detailQuery(d, p('id')).prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

export type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** Live materials among `ids` at an active location, with their location, name and unit. */
export async function findRequestableMaterials(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: materials.id,
      name: materials.name,
      unit: materials.unit,
      locationId: materials.locationId,
    })
    .from(materials)
    .innerJoin(locations, eq(locations.id, materials.locationId))
    .where(
      and(inArray(materials.id, ids), isNull(materials.deletedAt), eq(locations.status, 'ACTIVE')),
    );
}

/**
 * The bulk form's picker: the live materials of every active location, by location and name,
 * those whose name holds `search` when one is given; at most MAX_MATERIAL_OPTIONS.
 */
export async function listRequestableMaterials(db: DbExecutor, search: string | undefined) {
  return db
    .select({
      id: materials.id,
      name: materials.name,
      unit: materials.unit,
      quantity: materials.quantity,
      location: { id: locations.id, name: locations.name },
    })
    .from(materials)
    .innerJoin(locations, eq(locations.id, materials.locationId))
    .where(
      and(
        isNull(materials.deletedAt),
        eq(locations.status, 'ACTIVE'),
        search ? matches(materials.name, containsPattern(search)) : undefined,
      ),
    )
    .orderBy(asc(locations.name), asc(locations.id), asc(materials.name), asc(materials.id))
    .limit(MAX_MATERIAL_OPTIONS);
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
