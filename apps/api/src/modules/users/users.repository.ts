import type { Permissions, Role } from '@stockyard/shared';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { locations, users } from '../../db/schema';
import { prepared } from '../../lib/prepared';

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

const ADMIN_CHANGES_LOCK = 725_115;
const p = sql.placeholder;
type Page = { limit: number; offset: number };

/** `%` and `_` in a search are matched literally. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One prepared statement for every combination of filters (a filter left null matches all),
 * answering the page and the total from a single scan; the users are hundreds, not millions.
 */
function userListStatements(db: Database) {
  return prepared(db, 'users_list', (d) => {
    const where = and(
      isNull(users.deletedAt),
      sql`(${p('pattern')}::text is null or ${users.name} ilike ${p('pattern')} or ${users.email} ilike ${p('pattern')})`,
      sql`(${p('role')}::text is null or ${users.role} = ${p('role')})`,
      sql`(${p('locationId')}::int is null or ${users.locationId} = ${p('locationId')})`,
    );
    return {
      rows: d
        .select({
          user: users,
          locationName: locations.name,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(users)
        .leftJoin(locations, eq(locations.id, users.locationId))
        .where(where)
        .orderBy(desc(users.id))
        .limit(p('limit'))
        .offset(p('offset'))
        .prepare('users_list_page'),
      total: d.select({ n: count() }).from(users).where(where).prepare('users_list_count'),
    };
  });
}

export async function listUsers(db: Database, filter: UserFilter, page: Page) {
  const statements = userListStatements(db);
  const values = {
    pattern: filter.search ? containsPattern(filter.search) : null,
    role: filter.role ?? null,
    locationId: filter.locationId ?? null,
  };
  const rows = await statements.rows.execute({ ...values, ...page });
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  // Past the last page the window has no row to carry the total.
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
