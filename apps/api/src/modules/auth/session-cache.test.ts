import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createContext } from '../../context';
import { createDatabase } from '../../db/client';
import { users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionCache: true });
});
afterAll(async () => {
  await t.close();
});

const profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });

async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the session cache', () => {
  it('serves a confirmed session from memory once the change listener is connected', async () => {
    const user = await createUser(t.db);
    const { headers, token } = await loginAs(t.app, user.email);
    expect((await profile(headers)).statusCode).toBe(200);
    expect(t.ctx.sessionCache?.isEnabled).toBe(true);
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti;
    expect(t.ctx.sessionCache?.get(sessionId, user.id)?.email).toBe(user.email);
  });

  it('answers 401 right after logout, without waiting for the cache to expire', async () => {
    const user = await createUser(t.db);
    const { headers } = await loginAs(t.app, user.email);
    expect((await profile(headers)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect((await profile(headers)).statusCode).toBe(401);
  });

  it('drops a user whose account changed in the database, whoever changed it', async () => {
    const location = await createLocation(t.db);
    const user = await createUser(t.db, { locationId: location.id });
    const { headers } = await loginAs(t.app, user.email);
    expect((await profile(headers)).json().data.permissions.viewInventory).toBe(true);
    await t.db.update(users).set({ viewInventory: false }).where(eq(users.id, user.id));
    await eventually(
      async () => (await profile(headers)).json().data.permissions.viewInventory === false,
    );
  });

  it('ends a session revoked through another process within moments', async () => {
    const user = await createUser(t.db);
    const { headers, token } = await loginAs(t.app, user.email);
    expect((await profile(headers)).statusCode).toBe(200);

    const otherDb = createDatabase(t.databaseUrl, 2);
    const other = await buildApp({
      ctx: createContext(otherDb, t.ctx.jwtSecret),
      sessionCache: false,
    });
    try {
      const logout = await other.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(logout.statusCode).toBe(200);
      await eventually(async () => (await profile(headers)).statusCode === 401, 2_000);
    } finally {
      await other.close();
      await otherDb.$client.end();
    }
  });

  it('refuses a forged token even for a cached session', async () => {
    const user = await createUser(t.db);
    const { token } = await loginAs(t.app, user.email);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${randomBytes(32).toString('base64url')}`;
    expect((await profile({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });
});
