import { passwordField } from '@stockyard/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import { ensureFirstAdmin } from './first-admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('ensureFirstAdmin', () => {
  it('creates one admin with a generated password on an empty database, and none after', async () => {
    const first = await ensureFirstAdmin(t.db, 'boss@example.com', undefined);
    expect(first?.generatedPassword).toMatch(/^.{12,}$/);
    expect(passwordField.safeParse(first?.generatedPassword).success).toBe(true);
    const { headers } = await loginAs(t.app, 'boss@example.com', first!.generatedPassword!);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(profile.json().data).toMatchObject({
      role: 'ADMIN',
      permissions: { manageUsers: true },
    });

    const again = await Promise.all([
      ensureFirstAdmin(t.db, 'boss@example.com', 'Another-pass-1'),
      ensureFirstAdmin(t.db, 'other@example.com', undefined),
    ]);
    expect(again).toEqual([null, null]);
    const [row] = await t.db.select({ n: count() }).from(users);
    expect(row!.n).toBe(1);
  });
});
