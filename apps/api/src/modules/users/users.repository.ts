import type { Permissions, Role } from '@stockyard/shared';
import { and, count, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database, DbExecutor } from '../../db/client';
import { locations, userSearchText, users } from '../../db/schema';
import {
  containsPattern,
  listPage,
  type Page,
  type Shaped,
  shapedFilters,
} from '../../lib/list-page';
import { matches } from '../../lib/search';

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

/** What a list shows of a user: the DTO's fields (never the password hash). */
const LISTED_USER = (() => {
  const {
    passwordHash: _hash,
    createdAt: _c,
    updatedAt: _u,
    deletedAt: _d,
    ...shown
  } = getTableColumns(users);
  return shown;
})();

/** The list's filters as its statement takes them: the search as a LIKE pattern. */
function listed(filter: UserFilter) {
  return {
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    role: filter.role,
    locationId: filter.locationId,
  };
}

/** Users not removed; the search looks at the name and the email (their trigram index). */
function whereOf(f: Shaped<ReturnType<typeof listed>>) {
  return and(
    isNull(users.deletedAt),
    f.pattern && matches(userSearchText(), f.pattern),
    f.role && eq(users.role, f.role),
    f.locationId && eq(users.locationId, f.locationId),
  );
}

/** A page of users, newest first, with the list's total. */
export async function listUsers(db: Database, filter: UserFilter, page: Page) {
  return listPage(
    db,
    {
      name: 'users',
      filters: listed(filter),
      select: (total, f) =>
        db
          .select({ user: LISTED_USER, locationName: locations.name, total })
          .from(users)
          .leftJoin(locations, eq(locations.id, users.locationId))
          .where(whereOf(f))
          .orderBy(desc(users.id)),
      count: (f) => db.select({ n: count() }).from(users).where(whereOf(f)),
    },
    page,
  );
}

/** Every user the list's filters select, newest first (the export: a company has hundreds). */
export async function allUsers(db: Database, filter: UserFilter) {
  const { shaped, values } = shapedFilters(listed(filter));
  return db
    .select({ user: LISTED_USER, locationName: locations.name })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(whereOf(shaped))
    .orderBy(desc(users.id))
    .prepare('')
    .execute(values);
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

/** Stamps the account's sign-in (auth's, inside its session's transaction); the row after it. */
export async function touchLastLogin(db: DbExecutor, userId: number, at: Date) {
  const [row] = await db
    .update(users)
    .set({ lastLogin: at })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** The account's notification switches (Settings); the row after the change. */
export async function updateSwitches(
  db: DbExecutor,
  userId: number,
  changes: Partial<
    Pick<UserRow, 'emailAlerts' | 'lowStockAlerts' | 'rentalAlerts' | 'loginAlerts'>
  >,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function setTwoFactor(
  db: DbExecutor,
  userId: number,
  values: Partial<
    Pick<UserRow, 'twoFactorSecret' | 'twoFactorPendingSecret' | 'twoFactorLastStep'>
  >,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/**
 * Records the 30-second step whose code was just used, only if it is later than the last one:
 * false when the code (or an earlier one) was already used, so that a code signs in once.
 */
export async function useTotpStep(db: DbExecutor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), sql`coalesce(${users.twoFactorLastStep}, -1) < ${step}`))
    .returning({ id: users.id });
  return rows.length > 0;
}
