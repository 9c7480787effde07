import { PERMISSION_FLAGS } from '@stockyard/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { companyProfile, locations, sessions, users } from '../../db/schema';
import { prepared } from '../../lib/prepared';
import type { UserDtoFields } from '../../lib/user-dto';

export async function findActiveAccountByEmail(db: DbExecutor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The account's standing, deleted or not: whether it was deleted, and whether it is active. */
export async function accountStanding(db: DbExecutor, userId: number) {
  const [row] = await db
    .select({ deletedAt: users.deletedAt, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function locationName(db: DbExecutor, locationId: number | null) {
  if (locationId === null) return null;
  const [row] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row?.name ?? null;
}

/** What a session's user is shown as (toUserDto): no password hash, no two-factor secrets. */
const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  locationId: users.locationId,
  status: users.status,
  lastLogin: users.lastLogin,
  ...Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, users[flag]])),
} as Pick<typeof users, keyof UserDtoFields>;

/**
 * The live session's user (the DTO's columns only) and location name, or null when dead, expired
 * or the user is gone.
 */
export async function findLiveSession(db: Database, sessionId: string, userId: number) {
  // Every signed-in request runs this first, so it is prepared by name: a plain select cost about
  // three times as much.
  const statement = prepared(db, 'auth_find_live_session', (database, name) =>
    database
      .select({
        user: sessionUserColumns,
        locationName: locations.name,
        // An admin without two-factor sign-in while the company requires it for admins.
        twoFactorSetupRequired: sql<boolean>`${users.role} = 'ADMIN'
          and ${users.twoFactorSecret} is null
          and coalesce((select ${companyProfile.requireAdminTwoFactor} from ${companyProfile}), false)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(locations, eq(locations.id, users.locationId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          // Written in: a prepared read takes no value but its placeholders (lib/prepared.ts).
          sql`${users.status} = true`,
          isNull(users.deletedAt),
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute({ sessionId, userId });
  return row ?? null;
}

/** Whether the user signed in before (another session than this one) with this user agent. */
export async function signedInBeforeFrom(
  db: DbExecutor,
  userId: number,
  userAgent: string | null,
  exceptSessionId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        sql`${sessions.userAgent} is not distinct from ${userAgent}`,
        sql`${sessions.id} <> ${exceptSessionId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
