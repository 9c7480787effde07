import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { notifications } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function signIn(email: string, userAgent: string, remoteAddress = '10.1.0.1') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
}

async function noticesOf(userId: number) {
  const rows = await t.db
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'LOGIN')))
    .orderBy(notifications.id);
  // The time each names is checked once below; the rest compare the browser and the address.
  return rows.map((r) => r.message.replace(/ at \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}$/, ''));
}

describe('the LOGIN notice', () => {
  it('names the browser, the address and the time (UTC)', async () => {
    const user = await createUser(t.db);
    await signIn(user.email, CHROME, '10.1.9.9');
    const [row] = await t.db
      .select({ message: notifications.message, createdAt: notifications.createdAt })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'LOGIN')));
    const at = row!.createdAt;
    const two = (n: number) => String(n).padStart(2, '0');
    const minutes = [at, new Date(at.getTime() - 60_000)].map(
      (d) =>
        `${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC on ${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`,
    );
    expect(minutes.map((m) => `New sign-in from Chrome on Linux (10.1.9.9) at ${m}`)).toContain(
      row!.message,
    );
  });

  it('tells of a sign-in only from a browser the account has not signed in from before', async () => {
    const user = await createUser(t.db);
    await signIn(user.email, CHROME, '10.1.0.1');
    await signIn(user.email, CHROME, '10.1.0.2');
    await signIn(user.email, CHROME, '10.1.0.1');
    expect(await noticesOf(user.id)).toEqual(['New sign-in from Chrome on Linux (10.1.0.1)']);
    await signIn(user.email, FIREFOX, '10.1.0.3');
    await signIn(user.email, FIREFOX, '10.1.0.3');
    expect(await noticesOf(user.id)).toEqual([
      'New sign-in from Chrome on Linux (10.1.0.1)',
      'New sign-in from Firefox on Linux (10.1.0.3)',
    ]);
  });

  it("counts only the account's own earlier sessions, not another user's", async () => {
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    await signIn(first.email, FIREFOX);
    await signIn(second.email, FIREFOX);
    expect(await noticesOf(first.id)).toHaveLength(1);
    expect(await noticesOf(second.id)).toHaveLength(1);
  });
});
