import type { Permissions, Role } from '@stockyard/shared';
import { and, count, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { locations, users } from '../../db/schema';
import { limitLiteral, prepared } from '../../lib/prepared';
import { USER_DTO_FIELDS } from './users.mapper';

export type UserRow = typeof users.$inferSelect;
export type UserFilter = { search?: string; role?: Role; locationId?: number };
export type NewUser = {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  locationId: number;
} & Permissions;
export type UserChanges = Partial<Omit<NewUser, 'passwordHash'>> & { status?: boolean };

/** The columns a user's DTO is made of, for reads that answer users (no password hash). */
const userDtoColumns = (() => {
  const all = getTableColumns(users);
  return Object.fromEntries(USER_DTO_FIELDS.map((field) => [field, all[field]])) as Pick<
    typeof all,
    (typeof USER_DTO_FIELDS)[number]
  >;
})();

const ADMIN_CHANGES_LOCK = 725_115;
const p = sql.placeholder;
type Page = { limit: number; offset: number };

/**
 * The pattern of a search in a name or an email: `%` and `_` in it are matched literally. It is
 * matched against both joined by a unit separator (the trigram index's expression), which is
 * taken out of the search so that no match can span the two.
 */
function containsPattern(search: string): string {
  const literal = search.replaceAll('\u001f', '').replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${literal}%`;
}

/**
 * Prepared statements per combination of the filters given and per page size, answering the page
 * and the total in one round trip. Each filter is in its statement only when given, so that its
 * plan can use its index (the search its trigrams: a catch-all `($1 is null or ...)` would keep
 * every plan to a scan of all users), and the page size is written in, so that PostgreSQL keeps
 * one generic plan. The first page has a statement of its own without an OFFSET.
 */
function userListStatements(
  db: Database,
  filter: { search: boolean; role: boolean; location: boolean },
  page: Page,
) {
  const key = `${Number(filter.search)}${Number(filter.role)}${Number(filter.location)}_${page.limit}_${page.offset === 0 ? 'first' : 'later'}`;
  return prepared(db, `users_list_${key}`, (d) => {
    const where = and(
      isNull(users.deletedAt),
      filter.search
        ? sql`(${users.name} || chr(31) || ${users.email}) ilike ${p('pattern')}`
        : undefined,
      filter.role ? eq(users.role, sql`${p('role')}`) : undefined,
      filter.location ? eq(users.locationId, sql`${p('locationId')}`) : undefined,
    );
    const total = d.select({ n: count() }).from(users).where(where);
    const rows = d
      .select({
        user: userDtoColumns,
        locationName: locations.name,
        // A search matches few: count them in the same pass. Without one, read the page in
        // index order and count beside it, rather than sorting every user to count them.
        total: filter.search ? sql<number>`(count(*) over ())::int` : sql<number>`(${total})::int`,
      })
      .from(users)
      .leftJoin(locations, eq(locations.id, users.locationId))
      .where(where)
      .orderBy(desc(users.id))
      .limit(limitLiteral(page.limit));
    return {
      rows: (page.offset === 0 ? rows : rows.offset(p('offset'))).prepare(`users_list_page_${key}`),
      total: total.prepare(`users_list_count_${key}`),
    };
  });
}

export async function listUsers(db: Database, filter: UserFilter, page: Page) {
  const statements = userListStatements(
    db,
    {
      search: Boolean(filter.search),
      role: filter.role !== undefined,
      location: filter.locationId !== undefined,
    },
    page,
  );
  const values = {
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    role: filter.role,
    locationId: filter.locationId,
  };
  const rows = await statements.rows.execute({ ...values, offset: page.offset });
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  // Past the last page no row carries the total.
  const [counted] = page.offset > 0 ? await statements.total.execute(values) : [];
  return { rows, total: counted?.n ?? 0 };
}

/** A user who has not been removed, with their location's name. */
export async function findUser(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ user: users, locationName: locations.name })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

/**
 * The user's row, locked against other changes until the transaction ends. `no key update`
 * still lets rows that refer to the user (activity, sessions) be written meanwhile.
 */
export async function lockUser(db: DbExecutor, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('no key update');
  return row ?? null;
}

export async function emailTaken(db: DbExecutor, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        isNull(users.deletedAt),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: DbExecutor, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbExecutor, id: number, changes: UserChanges) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function setPasswordHash(db: DbExecutor, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function softDeleteUser(db: DbExecutor, id: number) {
  await db
    .update(users)
    .set({ deletedAt: sql`now()`, status: false, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Serialises the changes that could leave no active admin (deactivate, delete, demote). */
export async function lockAdminChanges(db: DbExecutor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK})`);
}

export async function countOtherActiveAdmins(db: DbExecutor, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.role, 'ADMIN'),
        eq(users.status, true),
        isNull(users.deletedAt),
        ne(users.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

export async function locationName(db: DbExecutor, locationId: number | null) {
  if (locationId === null) return null;
  const [row] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row?.name ?? null;
}
