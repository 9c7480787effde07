import { LOGIN_RATE_LIMIT } from '@stockyard/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createContext } from '../../context';
import { createDatabase, type Database } from '../../db/client';
import { activityLogs, loginAttempts } from '../../db/schema';

const LIMITS = LOGIN_RATE_LIMIT;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Attempt = { email: string; password: string; from?: string; forwardedFor?: string };

const signIn = (app: FastifyInstance, attempt: Attempt) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: attempt.email, password: attempt.password },
    remoteAddress: attempt.from ?? '10.50.0.1',
    headers: attempt.forwardedFor ? { 'x-forwarded-for': attempt.forwardedFor } : {},
  });

const statuses = (responses: Array<{ statusCode: number }>) =>
  responses.map((r) => r.statusCode).sort((a, b) => a - b);

/** The attempts stored for an account, in the order they were counted. */
const attemptsOf = (db: Database, email: string) =>
  db
    .select()
    .from(loginAttempts)
    .where(eq(loginAttempts.email, email.toLowerCase()))
    .orderBy(asc(loginAttempts.id));

/** Replays the stored checks: none may start while the failures since the last success are at the limit. */
function checksBeyondLimit(rows: Array<{ success: boolean }>, limit: number): number {
  let failures = 0;
  let beyond = 0;
  for (const row of rows) {
    if (failures >= limit) beyond++;
    failures = row.success ? 0 : failures + 1;
  }
  return beyond;
}

describe('a burst of sign-in attempts', () => {
  it('checks exactly as many wrong passwords as the limit allows when 200 arrive at once', async () => {
    const user = await createUser(t.db);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signIn(t.app, { email: user.email, password: `wrong-${i}` }),
      ),
    );
    const limit = LIMITS.perAccountAndAddress;
    expect(statuses(responses)).toEqual([
      ...Array(limit).fill(401),
      ...Array(200 - limit).fill(429),
    ]);
    expect(await attemptsOf(t.db, user.email)).toHaveLength(limit);
    const failures = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, user.id), eq(activityLogs.action, 'LOGIN_FAILED')));
    expect(failures).toHaveLength(limit);
    // Every attempt goes to the activity log: the refused ones as refused, no password checked.
    const refused = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, user.id), eq(activityLogs.action, 'LOGIN_REFUSED')));
    expect(refused).toHaveLength(200 - limit);
  });

  it('never checks more than the limit allows, on two API processes, with the right password among them', async () => {
    const peerDb = createDatabase(t.databaseUrl, 10);
    const peer = await buildApp({ ctx: createContext(peerDb, t.ctx.jwtSecret) });
    try {
      const user = await createUser(t.db);
      const attempts = Array.from({ length: 200 }, (_, i) =>
        signIn(i % 2 === 0 ? t.app : peer, {
          email: user.email,
          password: i === 150 ? TEST_PASSWORD : `wrong-${i}`,
        }),
      );
      const responses = await Promise.all(attempts);
      const rows = await attemptsOf(t.db, user.email);
      expect(checksBeyondLimit(rows, LIMITS.perAccountAndAddress)).toBe(0);
      // Every answer but a 429 is one stored check; a token only for a check that was stored.
      expect(responses.filter((r) => r.statusCode !== 429)).toHaveLength(rows.length);
      const right = responses[150]!;
      expect([200, 429]).toContain(right.statusCode);
      expect(rows.filter((row) => row.success)).toHaveLength(right.statusCode === 200 ? 1 : 0);
      expect(statuses(responses).filter((s) => s !== 401 && s !== 429 && s !== 200)).toEqual([]);
    } finally {
      await peer.close();
      await peerDb.$client.end();
    }
  });

  it('refuses the right password once wrong ones have spent the limit', async () => {
    const user = await createUser(t.db);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(t.app, { email: user.email, password: `x${i}` })),
    );
    const late = await signIn(t.app, { email: user.email, password: TEST_PASSWORD });
    expect(late.statusCode).toBe(429);
    expect(late.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(late.json().token).toBeUndefined();
  });
});

describe('sign-in throttling', () => {
  it('refuses an address after its failures on an account, but checks the right password from another', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
      const response = await signIn(t.app, {
        email: user.email,
        password: 'nope',
        from: '10.60.0.1',
      });
      expect(response.statusCode).toBe(401);
    }
    const again = await signIn(t.app, {
      email: user.email,
      password: TEST_PASSWORD,
      from: '10.60.0.1',
    });
    expect(again.statusCode).toBe(429);
    const elsewhere = await signIn(t.app, {
      email: user.email,
      password: TEST_PASSWORD,
      from: '10.60.0.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses new addresses once failures from many reach the account limit, but not an address it signed in from', async () => {
    const user = await createUser(t.db);
    const home = await signIn(t.app, {
      email: user.email,
      password: TEST_PASSWORD,
      from: '10.61.0.1',
    });
    expect(home.statusCode).toBe(200);
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const from = `10.61.1.${Math.floor(i / LIMITS.perAccountAndAddress)}`;
      const response = await signIn(t.app, { email: user.email, password: 'nope', from });
      expect(response.statusCode).toBe(401);
    }
    const stranger = await signIn(t.app, {
      email: user.email,
      password: TEST_PASSWORD,
      from: '10.61.2.1',
    });
    expect(stranger.statusCode).toBe(429);
    const known = await signIn(t.app, {
      email: user.email,
      password: TEST_PASSWORD,
      from: '10.61.0.1',
    });
    expect(known.statusCode).toBe(200);
  });

  it('refuses accounts new to an address past its limit, but not an account that signed in from it', async () => {
    const regular = await createUser(t.db);
    const first = await signIn(t.app, {
      email: regular.email,
      password: TEST_PASSWORD,
      from: '10.62.0.1',
    });
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < LIMITS.perAddress; i++) {
      await signIn(t.app, { email: `spray${i}@example.com`, password: 'nope', from: '10.62.0.1' });
    }
    const newcomer = await createUser(t.db);
    const refused = await signIn(t.app, {
      email: newcomer.email,
      password: TEST_PASSWORD,
      from: '10.62.0.1',
    });
    expect(refused.statusCode).toBe(429);
    const again = await signIn(t.app, {
      email: regular.email,
      password: TEST_PASSWORD,
      from: '10.62.0.1',
    });
    expect(again.statusCode).toBe(200);
  });

  it('starts the count again after a successful sign-in', async () => {
    const user = await createUser(t.db);
    const attempt = (password: string) =>
      signIn(t.app, { email: user.email, password, from: '10.63.0.1' });
    for (let i = 1; i < LIMITS.perAccountAndAddress; i++) {
      expect((await attempt('nope')).statusCode).toBe(401);
    }
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
      expect((await attempt('nope')).statusCode).toBe(401);
    }
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('answers 429 with Retry-After in seconds and a message that says when to try again', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
      await signIn(t.app, { email: user.email, password: 'nope', from: '10.64.0.1' });
    }
    const blocked = await signIn(t.app, { email: user.email, password: 'nope', from: '10.64.0.1' });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(LIMITS.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowSeconds);
    expect(blocked.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
  });
});

describe('sign-in limits from the configuration', () => {
  it('refuses past the configured count and checks again once the configured window has passed', async () => {
    const custom = await createTestApp({
      loginLimits: { ...LIMITS, perAccountAndAddress: 2, windowSeconds: 2 },
    });
    try {
      const user = await createUser(custom.db);
      const attempt = () => signIn(custom.app, { email: user.email, password: 'nope' });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(2);
      expect(blocked.json().message).toMatch(/Please try again in [12] seconds?\.$/);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await attempt()).statusCode).toBe(401);
    } finally {
      await custom.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('limits the address X-Forwarded-For names when the proxy is trusted', async () => {
    const proxied = await createTestApp({ trustProxy: ['10.70.0.1'] });
    try {
      const user = await createUser(proxied.db);
      const via = (forwardedFor: string, password: string) =>
        signIn(proxied.app, { email: user.email, password, from: '10.70.0.1', forwardedFor });
      for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
        expect((await via('203.0.113.5', 'nope')).statusCode).toBe(401);
      }
      expect((await via('203.0.113.5', TEST_PASSWORD)).statusCode).toBe(429);
      expect((await via('203.0.113.6', TEST_PASSWORD)).statusCode).toBe(200);
      const failures = await proxied.db
        .select({ ip: activityLogs.ip })
        .from(activityLogs)
        .where(and(eq(activityLogs.userId, user.id), eq(activityLogs.action, 'LOGIN_FAILED')));
      expect(new Set(failures.map((f) => f.ip))).toEqual(new Set(['203.0.113.5']));
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: ['10.70.0.1'] });
    try {
      const user = await createUser(proxied.db);
      for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
        const forwardedFor = `203.0.113.${i}`;
        await signIn(proxied.app, {
          email: user.email,
          password: 'nope',
          from: '10.71.0.1',
          forwardedFor,
        });
      }
      const spoofed = await signIn(proxied.app, {
        email: user.email,
        password: TEST_PASSWORD,
        from: '10.71.0.1',
        forwardedFor: '203.0.113.99',
      });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For when it is off', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
      const forwardedFor = `198.51.100.${i}`;
      await signIn(t.app, { email: user.email, password: 'nope', from: '10.72.0.1', forwardedFor });
    }
    const blocked = await signIn(t.app, {
      email: user.email,
      password: TEST_PASSWORD,
      from: '10.72.0.1',
      forwardedFor: '198.51.100.99',
    });
    expect(blocked.statusCode).toBe(429);
    const [entry] = await t.db
      .select({ ip: activityLogs.ip })
      .from(activityLogs)
      .where(eq(activityLogs.userId, user.id));
    expect(entry!.ip).toBe('10.72.0.1');
  });
});
