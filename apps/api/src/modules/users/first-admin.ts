import { randomBytes } from 'node:crypto';
import { ALL_PERMISSIONS, passwordField } from '@stockyard/shared';
import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import * as repo from './users.repository';

/** A random password that meets the password policy (16 characters of base64url). */
function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url');
    if (passwordField.safeParse(candidate).success) return candidate;
  }
}

export type FirstAdmin = { email: string; generatedPassword: string | null };

/**
 * On an empty database, creates the one admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a random
 * password that the caller prints once. Returns null when users already exist.
 */
export async function ensureFirstAdmin(
  db: Database,
  email: string,
  password: string | undefined,
): Promise<FirstAdmin | null> {
  const generatedPassword = password ? null : generatePassword();
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  // Called before the app's context exists: the database is all it needs.
  return inTransaction({ db }, async ({ tx }) => {
    await repo.lockFirstAdmin(tx);
    if (await repo.anyUserExists(tx)) return null;
    const admin = await repo.insertUser(tx, {
      name: 'Administrator',
      email,
      passwordHash,
      role: 'ADMIN',
      ...ALL_PERMISSIONS,
    });
    await recordActivity(tx, {
      userId: admin.id,
      action: 'CREATE_USER',
      description: `First administrator ${email} created at start`,
      entityType: 'user',
      entityId: String(admin.id),
    });
    return { email, generatedPassword };
  });
}

/**
 * The first admin's sign-in, framed, printed last at the start so that no log line scrolls it
 * away; it says where the spec's screen for a new password is.
 */
export function firstAdminNotice(email: string, password: string): string {
  const lines = [
    'First administrator created. Sign in with:',
    `  email:    ${email}`,
    `  password: ${password}`,
    '',
    'This password is shown only once. Change it after signing in:',
    'account menu > Settings > Security Settings > Change Password.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}
