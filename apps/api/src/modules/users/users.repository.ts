import { PERMISSION_FLAGS, type Permissions, type Role } from '@stockyard/shared';
import { and, count, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database, DbExecutor } from '../../db/client';
import { locations, sessions, users } from '../../db/schema';
import { isoFromUtcText } from '../../lib/instants';
import { limitSql, preparedRows } from '../../lib/prepared';
import type { ListedUserFields } from '../../lib/user-dto';

export type UserRow = typeof users.$inferSelect;
export type UserFilter = { search?: string; role?: Role; locationId?: number };
export type NewUser = {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  locationId: number;
} & Permissions;
/** The first admin, made at start: no location, as an admin works across all of them. */
export type NewAdmin = Omit<NewUser, 'locationId'>;
export type UserChanges = Partial<Omit<NewUser, 'passwordHash'>> & { status?: boolean };

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
 * What a list shows of a user, as SQL: the DTO's fields under their names, the last sign-in as
 * UTC text, and the permission flags as the bits of one number, flag i of the shared list as bit
 * i (`permissionsFromBits` reads them back): one field to read per user instead of ten.
 */
const LISTED_USER_SQL = (() => {
  const column = getTableColumns(users);
  const bits = PERMISSION_FLAGS.map((flag, i) => `(u.${column[flag].name}::int << ${i})`);
  return `u.id, u.name, u.email, u.role, u.location_id as "locationId", u.status,
    (u.last_login at time zone 'UTC')::text as "lastLogin",
    (${bits.join(' | ')}) as "permissionBits", l.name as "locationName"`;
})();

function permissionsFromBits(bits: number): Permissions {
  const permissions = {} as Permissions;
  for (const [i, flag] of PERMISSION_FLAGS.entries()) permissions[flag] = (bits & (1 << i)) !== 0;
  return permissions;
}

type ListedUserRow = Omit<ListedUserFields, 'permissions'> & {
  permissionBits: number;
  locationName: string | null;
  total: number;
};

/**
 * The statement of a page of users, per combination of the filters given and per page size. Each
 * filter is in it only when given, so that its plan can use its index (the search its trigrams: a
 * catch-all `($1 is null or ...)` would keep every plan to a scan of all users), and the page
 * size is written in, so that PostgreSQL keeps one generic plan (decision 005); the first page
 * has a statement of its own without an OFFSET.
 *
 * The page's ids are found first and only their rows are read: a search counts its few matches
 * in the same pass; with no filter at all the total is the counter that triggers keep (migration
 * 0010), and with a role or location it is counted from that filter's index.
 */
function userListStatement(filter: UserFilter, page: Page) {
  const order: Array<'pattern' | 'role' | 'locationId' | 'offset'> = [];
  const param = (name: (typeof order)[number]) => {
    order.push(name);
    return `$${order.length}`;
  };
  const where = ['u.deleted_at is null'];
  if (filter.search) where.push(`(u.name || chr(31) || u.email) ilike ${param('pattern')}`);
  if (filter.role !== undefined) where.push(`u.role = ${param('role')}`);
  if (filter.locationId !== undefined) where.push(`u.location_id = ${param('locationId')}`);
  const condition = where.join(' and ');
  const total = filter.search
    ? 'count(*) over ()'
    : filter.role === undefined && filter.locationId === undefined
      ? '(select live from user_counts)'
      : `(select count(*) from users u where ${condition})`;
  const limit = limitSql(page.limit);
  const first = page.offset === 0;
  const text = `
    select ${LISTED_USER_SQL}, page.total
    from (
      select u.id, (${total})::int as total
      from users u
      where ${condition}
      order by u.id desc
      limit ${limit}${first ? '' : ` offset ${param('offset')}`}
    ) as page
    join users u using (id)
    left join locations l on l.id = u.location_id
    order by u.id desc`;
  const key = `${Number(Boolean(filter.search))}${Number(filter.role !== undefined)}${Number(filter.locationId !== undefined)}`;
  return { name: `users_list_${key}_${limit}_${first ? 'first' : 'later'}`, text, order };
}

function readUsers(db: Database, filter: UserFilter, page: Page) {
  const statement = userListStatement(filter, page);
  const given = {
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    role: filter.role,
    locationId: filter.locationId,
    offset: page.offset,
  };
  return preparedRows<ListedUserRow>(
    db,
    statement.name,
    statement.text,
    statement.order.map((name) => given[name]),
  );
}

export async function listUsers(db: Database, filter: UserFilter, page: Page) {
  const found = await readUsers(db, filter, page);
  const rows = found.map((row) => {
    // Field by field: copying the row less some fields (`...rest`) was a visible part of the cost.
    const user: ListedUserFields = {
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      locationId: row.locationId,
      status: row.status,
      lastLogin: row.lastLogin === null ? null : isoFromUtcText(row.lastLogin),
      permissions: permissionsFromBits(row.permissionBits),
    };
    return { user, locationName: row.locationName };
  });
  if (rows.length > 0 || page.offset === 0) return { rows, total: found[0]?.total ?? 0 };
  // Past the last page no row carries the total: the first page's does.
  const [first] = await readUsers(db, filter, { limit: 1, offset: 0 });
  return { rows, total: first?.total ?? 0 };
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

export async function insertUser(db: DbExecutor, values: NewUser | NewAdmin) {
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
  await db.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.single.adminChanges})`);
}

/** Serialises the first admin's creation, so that processes starting together create one. */
export async function lockFirstAdmin(db: DbExecutor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.single.firstAdmin})`);
}

/** Whether the database holds any user at all, removed ones included. */
export async function anyUserExists(db: DbExecutor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/**
 * Ends the user's live sessions inside the caller's transaction; their ids, for the caller to
 * emit `sessionsRevoked` after the commit.
 */
export async function revokeSessionsOf(db: DbExecutor, userId: number): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
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
