import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { companyProfile, twoFactorRecoveryCodes, users } from '../../db/schema';

export async function findCompanyProfile(db: DbExecutor) {
  const [row] = await db.select().from(companyProfile).where(eq(companyProfile.id, 1));
  return row ?? null;
}

export async function saveCompanyProfile(
  db: DbExecutor,
  values: Omit<typeof companyProfile.$inferInsert, 'id' | 'updatedById' | 'updatedAt'>,
  updatedById: number,
) {
  const set = { ...values, updatedById, updatedAt: sql`now()` };
  const [row] = await db
    .insert(companyProfile)
    .values({ id: 1, ...values, updatedById })
    .onConflictDoUpdate({ target: companyProfile.id, set })
    .returning();
  return row!;
}

/** Whether the company requires two-factor sign-in of its admins (off until an admin says so). */
export async function requiresAdminTwoFactor(db: DbExecutor): Promise<boolean> {
  const row = await findCompanyProfile(db);
  return row?.requireAdminTwoFactor ?? false;
}

/**
 * Sets the rule, the profile's other fields left as they are: a profile never saved is made with
 * them empty (a company name is at least 2 characters once saved, so empty says never saved).
 */
export async function setRequireAdminTwoFactor(db: DbExecutor, value: boolean) {
  await db
    .insert(companyProfile)
    .values({
      id: 1,
      companyName: '',
      email: '',
      phone: '',
      address: '',
      requireAdminTwoFactor: value,
    })
    .onConflictDoUpdate({ target: companyProfile.id, set: { requireAdminTwoFactor: value } });
}

const settingsColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  locationId: users.locationId,
  passwordHash: users.passwordHash,
  emailAlerts: users.emailAlerts,
  lowStockAlerts: users.lowStockAlerts,
  rentalAlerts: users.rentalAlerts,
  loginAlerts: users.loginAlerts,
  twoFactorSecret: users.twoFactorSecret,
  twoFactorPendingSecret: users.twoFactorPendingSecret,
  twoFactorLastStep: users.twoFactorLastStep,
};
export type SettingsRow = {
  [K in keyof typeof settingsColumns]: (typeof users.$inferSelect)[K];
};

/** A live account's settings; `lock` holds its row for the caller's transaction. */
export async function findSettings(
  db: DbExecutor,
  userId: number,
  lock = false,
): Promise<SettingsRow | null> {
  const query = db
    .select(settingsColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function replaceRecoveryCodes(
  db: DbExecutor,
  userId: number,
  hashes: string[],
): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (hashes.length > 0) {
    await db
      .insert(twoFactorRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Spends a recovery code: true once, false when it is unknown or was used before. */
export async function useRecoveryCode(
  db: DbExecutor,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}
