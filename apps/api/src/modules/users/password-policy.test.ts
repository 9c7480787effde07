import { PASSWORD_MESSAGES } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, seedActors, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let target: Awaited<ReturnType<typeof createUser>>;
let me: Awaited<ReturnType<typeof createUser>> & { headers: Record<string, string> };
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  target = await createUser(t.db, { locationId: actors.location.id });
  const signedIn = await createUser(t.db, { locationId: actors.location.id });
  me = { ...signedIn, ...(await loginAs(t.app, signedIn.email)) };
});
afterAll(async () => {
  await t.close();
});

const STRONG = 'Quarry-Gate-77';
const MIX = 'Must contain uppercase, lowercase, and number';

/** Each weak password and the message the reply leads with. */
const WEAK: [string, string][] = [
  ['123456', PASSWORD_MESSAGES.tooShort],
  ['      ', PASSWORD_MESSAGES.tooShort],
  ['\0\0\0\0\0\0', PASSWORD_MESSAGES.tooShort],
  ['\0\0\0\0Ab12', PASSWORD_MESSAGES.controlCharacters],
  ['Password1', PASSWORD_MESSAGES.tooCommon],
  ['pASSWORD1', PASSWORD_MESSAGES.tooCommon],
  ['Qwerty123', PASSWORD_MESSAGES.tooCommon],
  ['alllowercase1', MIX],
  ['ALLUPPERCASE1', MIX],
  ['NoDigitsHere', MIX],
];

let sequence = 0;
const register = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: actors.admin.headers,
    payload: {
      name: 'Casey Weak',
      email: `policy${++sequence}@example.com`,
      role: 'USER',
      locationId: actors.location.id,
      password,
    },
  });
const reset = (id: number, password: string, headers = actors.admin.headers) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}/reset-password`,
    headers,
    payload: { password },
  });
const change = (id: number, headers: Record<string, string>, newPassword: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}/change-password`,
    headers,
    payload: { currentPassword: TEST_PASSWORD, newPassword },
  });

const storedHash = async (id: number) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

function expectRefused(
  response: Awaited<ReturnType<typeof register>>,
  path: string,
  message: string,
) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  expect(body.errors).toContainEqual({ path, message });
}

describe('registering a user', () => {
  it.each(WEAK)('refuses %j with "%s" under password', async (password, message) => {
    expectRefused(await register(password), 'password', message);
  });

  it('says six NULs are control characters as well as too short', async () => {
    const body = (await register('\0\0\0\0\0\0')).json();
    expect(body.errors).toContainEqual({
      path: 'password',
      message: PASSWORD_MESSAGES.controlCharacters,
    });
  });

  it('accepts a strong password, which then signs in', async () => {
    const response = await register(STRONG);
    expect(response.statusCode).toBe(201);
    await loginAs(t.app, response.json().data.email, STRONG);
  });
});

describe("an admin resetting someone's password", () => {
  it.each(WEAK)(
    'refuses %j with "%s" under password, keeping the old one',
    async (password, message) => {
      expectRefused(await reset(target.id, password), 'password', message);
      expect(await storedHash(target.id)).toBe(target.passwordHash);
    },
  );

  it('accepts a strong password, which then signs in', async () => {
    const user = await createUser(t.db, { locationId: actors.location.id });
    expect((await reset(user.id, STRONG)).statusCode).toBe(200);
    await loginAs(t.app, user.email, STRONG);
  });
});

describe('an admin resetting their own password', () => {
  it('is refused with 403, pointing to Change Password, and the password stays', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const { headers } = await loginAs(t.app, admin.email);
    const response = await reset(admin.id, STRONG, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: PASSWORD_MESSAGES.ownReset,
    });
    expect(PASSWORD_MESSAGES.ownReset).toContain('Change Password');
    await loginAs(t.app, admin.email, TEST_PASSWORD);
    await expect(loginAs(t.app, admin.email, STRONG)).rejects.toThrow(/login failed/);
  });

  it('goes through change-password instead, which proves the current one', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const { headers } = await loginAs(t.app, admin.email);
    expectRefused(
      await change(admin.id, headers, 'Password1'),
      'newPassword',
      PASSWORD_MESSAGES.tooCommon,
    );
    expect((await change(admin.id, headers, STRONG)).statusCode).toBe(200);
    await loginAs(t.app, admin.email, STRONG);
  });
});

describe('changing your own password', () => {
  it.each(WEAK)(
    'refuses %j with "%s" under newPassword, keeping the old one',
    async (password, message) => {
      expectRefused(await change(me.id, me.headers, password), 'newPassword', message);
      expect(await storedHash(me.id)).toBe(me.passwordHash);
    },
  );

  it('accepts a strong password, which then signs in', async () => {
    const user = await createUser(t.db, { locationId: actors.location.id });
    const { headers } = await loginAs(t.app, user.email);
    expect((await change(user.id, headers, STRONG)).statusCode).toBe(200);
    await loginAs(t.app, user.email, STRONG);
  });
});
