import { LOGIN_RATE_LIMIT, MESSAGES } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs, notifications, sessions, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as object,
    remoteAddress,
  });

describe('POST /api/auth/login', () => {
  it('answers a token and the user, without the password hash, and sets lastLogin', async () => {
    const location = await createLocation(t.db, { name: 'North Yard' });
    const user = await createUser(t.db, { locationId: location.id, name: 'Dana Field' });
    const response = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      id: user.id,
      name: 'Dana Field',
      email: user.email,
      role: 'USER',
      locationId: location.id,
      location: { name: 'North Yard' },
      status: true,
      permissions: { viewInventory: true, manageInventory: false },
    });
    expect(body.user.lastLogin).not.toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|password_hash|\$argon2/);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.lastLogin).not.toBeNull();
  });

  it('refuses a wrong password with 401 Invalid email or password', async () => {
    const user = await createUser(t.db);
    const response = await login({ email: user.email, password: 'wrong-password' }, '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, message: 'Invalid email or password' });
  });

  it('refuses an unknown account and an inactive account with a wrong password with the same 401', async () => {
    const inactive = await createUser(t.db, { status: false });
    const tries = [
      { email: 'nobody@example.com', password: TEST_PASSWORD },
      { email: inactive.email, password: 'wrong-password' },
    ];
    const answers = [];
    for (const payload of tries) {
      const response = await login(payload, '10.0.0.3');
      expect(response.statusCode).toBe(401);
      answers.push(response.json());
    }
    expect(answers[0]).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('tells whoever gives an inactive account’s right password that it was deactivated, and starts no session', async () => {
    const inactive = await createUser(t.db, { status: false });
    const response = await login({ email: inactive.email, password: TEST_PASSWORD }, '10.0.0.4');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      code: 'ACCOUNT_DEACTIVATED',
      message: MESSAGES.accountDeactivated,
    });
    expect(response.json().token).toBeUndefined();
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, inactive.id));
    expect(rows).toEqual([]);
  });

  it('answers 400 Invalid email for a malformed email', async () => {
    const response = await login({ email: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Invalid email',
      errors: [{ path: 'email', message: 'Invalid email' }],
    });
  });

  it('answers 400 Password is required for an empty or missing password', async () => {
    for (const payload of [{ email: 'a@example.com', password: '' }, { email: 'a@example.com' }]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Password is required');
    }
  });

  it('writes an activity log entry for every attempt, without the password', async () => {
    const user = await createUser(t.db);
    await login({ email: user.email, password: 'Wrong-one-1' }, '10.0.0.4');
    await login({ email: user.email, password: TEST_PASSWORD }, '10.0.0.4');
    const entries = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['LOGIN', 'LOGIN_FAILED']);
    for (const entry of entries) {
      expect(entry.ip).toBe('10.0.0.4');
      expect(entry.timestamp).toBeInstanceOf(Date);
      expect(JSON.stringify(entry)).not.toContain(TEST_PASSWORD);
      expect(JSON.stringify(entry)).not.toContain('Wrong-one-1');
    }
  });

  it('leaves a LOGIN notice, naming the browser and the address, for that account only', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.0.0.9',
      headers: {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      },
    });
    expect(response.statusCode).toBe(200);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notices).toMatchObject([
      {
        type: 'LOGIN',
        message: expect.stringMatching(
          /^New sign-in from Chrome on Linux \(10\.0\.0\.9\) at \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}$/,
        ),
        read: false,
      },
    ]);
    const adminRows = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(adminRows).toEqual([]);
    await login({ email: user.email, password: 'wrong-password' }, '10.0.0.9');
    const after = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(after).toHaveLength(1);
  });

  it('names an unknown browser when the user agent says nothing', async () => {
    const user = await createUser(t.db);
    await login({ email: user.email, password: TEST_PASSWORD }, '10.0.0.10');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notice!.message).toEqual(
      expect.stringMatching(
        /^New sign-in from an unknown browser \(10\.0\.0\.10\) at \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}$/,
      ),
    );
  });

  it('rate-limits failed sign-ins per account with 429 and Retry-After', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LOGIN_RATE_LIMIT.perAccount; i++) {
      const response = await login({ email: user.email, password: 'nope' }, `10.1.0.${i}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login({ email: user.email, password: TEST_PASSWORD }, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rate-limits failed sign-ins per client address', async () => {
    for (let i = 0; i < LOGIN_RATE_LIMIT.perAddress; i++) {
      await login({ email: `ghost${i}@example.com`, password: 'nope' }, '10.2.0.1');
    }
    const user = await createUser(t.db);
    const blocked = await login({ email: user.email, password: TEST_PASSWORD }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login({ email: user.email, password: TEST_PASSWORD }, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('GET /api/auth/profile', () => {
  it('answers the signed-in user', async () => {
    const user = await createUser(t.db, { role: 'ADMIN' });
    const { headers } = await loginAs(t.app, user.email);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: user.id, email: user.email, role: 'ADMIN' });
  });

  it('answers 401 without a token, with a forged token, and for a deactivated user', async () => {
    const user = await createUser(t.db);
    const { headers, token } = await loginAs(t.app, user.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
    const forged = `${token.slice(0, -4)}AAAA`;
    const forgedResponse = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(forgedResponse.statusCode).toBe(401);
    expect(forgedResponse.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    await t.db.update(users).set({ status: false }).where(eq(users.id, user.id));
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(response.statusCode).toBe(401);
    // The session's own token is told why (revocation.test.ts); the forged one still is not.
    expect(response.json()).toMatchObject({ success: false, code: 'SESSION_ENDED_DEACTIVATED' });
    const forgedAfter = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(forgedAfter.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('answers 401 once the session has expired', async () => {
    const user = await createUser(t.db);
    const { headers } = await loginAs(t.app, user.email);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session at once and records the logout', async () => {
    const user = await createUser(t.db);
    const { headers } = await loginAs(t.app, user.email);
    const other = await loginAs(t.app, user.email);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(response.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(after.statusCode).toBe(401);
    const otherSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: other.headers,
    });
    expect(otherSession.statusCode).toBe(200);
    const entries = await t.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(entries.some((e) => e.action === 'LOGOUT')).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
  });
});
