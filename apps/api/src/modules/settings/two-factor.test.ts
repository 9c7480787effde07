import { LOGIN_RATE_LIMIT, MESSAGES, SETTINGS_MESSAGES } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createUser,
  loginAs,
  seedActors,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { sessions, twoFactorRecoveryCodes, users } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const call = (url: string, headers?: Headers, payload?: object, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload, remoteAddress });

/** The code an authenticator app shows for the secret, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function signedInAdmin() {
  const user = await createUser(t.db, { role: 'ADMIN' });
  return { user, ...(await loginAs(t.app, user.email)) };
}

/** An admin who has enrolled: their secret and recovery codes. */
async function enrolled() {
  const me = await signedInAdmin();
  const setup = await call('/auth/2fa/setup', me.headers);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await call('/auth/2fa/enable', me.headers, { code: codeOf(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { ...me, secret, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

const sessionsOf = async (userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).map((s) => s.id).sort();

async function unusedRecoveryCodes(userId: number) {
  const codes = await t.db
    .select()
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return codes.filter((c) => c.usedAt === null).length;
}

const passwordStep = (email: string, remoteAddress?: string) =>
  call('/auth/login', undefined, { email, password: TEST_PASSWORD }, remoteAddress);

async function challengeOf(email: string, remoteAddress?: string) {
  const response = await passwordStep(email, remoteAddress);
  expect(response.statusCode).toBe(200);
  return response.json().challenge as string;
}

// First: the sign-in limits that later tests reach hold for every sign-in from this address.
describe('Require two-factor sign-in for admins (GET and PUT /api/users/security)', () => {
  const security = (headers: Headers | undefined, requireAdminTwoFactor?: boolean) =>
    t.app.inject({
      method: requireAdminTwoFactor === undefined ? 'GET' : 'PUT',
      url: '/api/users/security',
      headers,
      payload: requireAdminTwoFactor === undefined ? undefined : { requireAdminTwoFactor },
    });
  const companyOf = (headers: Headers) =>
    t.app.inject({ method: 'GET', url: '/api/users/company', headers });

  it('is off at first, read and set by admins only', async () => {
    expect((await security(actors.admin.headers)).json().data).toEqual({
      requireAdminTwoFactor: false,
    });
    expect((await security(actors.manager.headers)).statusCode).toBe(403);
    expect((await security(actors.manager.headers, false)).statusCode).toBe(403);
  });

  it('is turned on only by an admin who has two-factor sign-in', async () => {
    const me = await signedInAdmin();
    const refused = await security(me.headers, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SETTINGS_MESSAGES.requireOwnTwoFactorFirst);
    expect((await security(actors.admin.headers)).json().data.requireAdminTwoFactor).toBe(false);
  });

  it('when on, holds an admin without it to its setup before anything else, and no one else', async () => {
    const keeper = await enrolled();
    const newcomer = await signedInAdmin();
    const location = await createLocation(t.db, { type: 'FIELD' });
    const manager = await createUser(t.db, { role: 'USER', locationId: location.id });
    const on = await security(keeper.headers, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ requireAdminTwoFactor: true });
    try {
      // The admin without it: refused everything but their profile, sign-out and the setup.
      const refused = await companyOf(newcomer.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        code: 'TWO_FACTOR_SETUP_REQUIRED',
        message: MESSAGES.twoFactorSetupRequired,
      });
      expect((await security(newcomer.headers, false)).statusCode).toBe(403);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: newcomer.headers,
      });
      expect(profile.statusCode).toBe(200);
      // A new sign-in of theirs is let in, to set it up.
      const again = await loginAs(t.app, newcomer.user.email);
      expect((await companyOf(again.headers)).statusCode).toBe(403);

      // The admin with it, and a field manager without it, work as before.
      expect((await companyOf(keeper.headers)).statusCode).toBe(200);
      const managerSession = await loginAs(t.app, manager.email);
      expect((await companyOf(managerSession.headers)).statusCode).toBe(200);
      // The admin with it may not turn theirs off while it is required.
      const off = await call('/auth/2fa/disable', keeper.headers, { password: TEST_PASSWORD });
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toBe(SETTINGS_MESSAGES.requiredForAdmins);

      // Once set up, the newcomer works again, in the same session.
      const setup = await call('/auth/2fa/setup', newcomer.headers);
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json().data as { secret: string };
      const enabled = await call('/auth/2fa/enable', newcomer.headers, { code: codeOf(secret) });
      expect(enabled.statusCode).toBe(200);
      expect((await companyOf(newcomer.headers)).statusCode).toBe(200);
    } finally {
      expect((await security(keeper.headers, false)).statusCode).toBe(200);
    }
    // Off again: an admin without it works as before.
    const later = await signedInAdmin();
    expect((await companyOf(later.headers)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/2fa/setup', () => {
  it('gives a new secret, its otpauth URL and a QR code picture', async () => {
    const me = await signedInAdmin();
    const response = await call('/auth/2fa/setup', me.headers);
    expect(response.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = response.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=Stockyard');
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // Not on until a code confirms it.
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/users/${me.user.id}/notification-settings`,
      headers: me.headers,
    });
    expect(settings.json().data.twoFactorEnabled).toBe(false);
  });

  it('refuses an anonymous caller (401)', async () => {
    expect((await call('/auth/2fa/setup')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/2fa/enable', () => {
  it('turns it on with a right code, answers ten recovery codes once, and keeps the secret sealed', async () => {
    const me = await enrolled();
    expect(me.recoveryCodes).toHaveLength(10);
    expect(new Set(me.recoveryCodes).size).toBe(10);
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.twoFactorSecret).toBeTruthy();
    expect(row!.twoFactorSecret).not.toContain(me.secret);
    const codes = await t.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, me.user.id));
    expect(codes.map((c) => c.codeHash)).not.toContain(me.recoveryCodes[0]);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/users/${me.user.id}/notification-settings`,
      headers: me.headers,
    });
    expect(settings.json().data.twoFactorEnabled).toBe(true);
    expect((await call('/auth/2fa/setup', me.headers)).statusCode).toBe(409);
  });

  it.each([
    ['12345', SETTINGS_MESSAGES.codeFormat],
    ['abcdef', SETTINGS_MESSAGES.codeFormat],
    ['12 34 56', SETTINGS_MESSAGES.codeFormat],
  ])('refuses the code %s with "%s"', async (code, message) => {
    const me = await signedInAdmin();
    await call('/auth/2fa/setup', me.headers);
    const response = await call('/auth/2fa/enable', me.headers, { code });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a wrong code, and a code without a setup first', async () => {
    const me = await signedInAdmin();
    const early = await call('/auth/2fa/enable', me.headers, { code: '123456' });
    expect(early.json().message).toBe(SETTINGS_MESSAGES.noPendingSetup);
    const { secret } = (await call('/auth/2fa/setup', me.headers)).json().data;
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const response = await call('/auth/2fa/enable', me.headers, { code: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SETTINGS_MESSAGES.invalidCode);
  });

  it('refuses an anonymous caller (401)', async () => {
    expect((await call('/auth/2fa/enable', undefined, { code: '123456' })).statusCode).toBe(401);
  });

  it('lets a field manager set up their own, sign in with a code, and turn it off', async () => {
    const location = await createLocation(t.db, { type: 'FIELD' });
    const user = await createUser(t.db, { role: 'USER', locationId: location.id });
    const { headers } = await loginAs(t.app, user.email);
    const setup = await call('/auth/2fa/setup', headers);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data as { secret: string };
    const enabled = await call('/auth/2fa/enable', headers, { code: codeOf(secret) });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.recoveryCodes).toHaveLength(10);

    const challenge = await challengeOf(user.email);
    const signedIn = await call('/auth/login/2fa', undefined, {
      challenge,
      code: codeOf(secret, 1),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);

    const off = await call('/auth/2fa/disable', headers, { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect((await passwordStep(user.email)).json().token).toBeTruthy();
  });
});

describe('signing in with two-factor (POST /api/auth/login, then /api/auth/login/2fa)', () => {
  it('asks for a code after the right password, then gives the token for a right code, once', async () => {
    const me = await enrolled();
    const first = await passwordStep(me.user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, twoFactorRequired: true });
    expect(first.json().token).toBeUndefined();
    const challenge = first.json().challenge as string;

    const code = codeOf(me.secret, 1);
    const second = await call('/auth/login/2fa', undefined, { challenge, code });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user.id).toBe(me.user.id);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${second.json().token}` },
    });
    expect(profile.statusCode).toBe(200);

    // The same code does not sign in twice, not even with a new challenge.
    const again = await call('/auth/login/2fa', undefined, {
      challenge: await challengeOf(me.user.email),
      code,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SETTINGS_MESSAGES.invalidCode);
  });

  it('spends the challenge with its first success: used again, with any code, it is refused (400)', async () => {
    const me = await enrolled();
    const challenge = await challengeOf(me.user.email);
    const first = await call('/auth/login/2fa', undefined, { challenge, code: codeOf(me.secret) });
    expect(first.statusCode, first.body).toBe(200);
    const before = await sessionsOf(me.user.id);

    for (const code of [me.recoveryCodes[0]!, codeOf(me.secret, 1), '000000']) {
      const again = await call('/auth/login/2fa', undefined, { challenge, code });
      expect(again.statusCode, code).toBe(400);
      expect(again.json().message).toBe(SETTINGS_MESSAGES.challengeUsed);
      expect(again.json().token).toBeUndefined();
    }
    expect(await sessionsOf(me.user.id)).toEqual(before);
    // The refused tries spent nothing: the recovery code and the next step's code still sign in.
    expect(await unusedRecoveryCodes(me.user.id)).toBe(10);
    const recovered = await call('/auth/login/2fa', undefined, {
      challenge: await challengeOf(me.user.email),
      code: me.recoveryCodes[0]!,
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
  });

  it('opens one session when one challenge is completed several times at once', async () => {
    const me = await enrolled();
    const before = await sessionsOf(me.user.id);
    const challenge = await challengeOf(me.user.email);
    const codes = [codeOf(me.secret), me.recoveryCodes[0]!, me.recoveryCodes[1]!];
    const responses = await Promise.all(
      codes.map((code) => call('/auth/login/2fa', undefined, { challenge, code })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(2);
    for (const refused of responses.filter((r) => r.statusCode === 400)) {
      expect(refused.json().message).toBe(SETTINGS_MESSAGES.challengeUsed);
    }
    expect(await sessionsOf(me.user.id)).toHaveLength(before.length + 1);
    // Only the winner's code was spent: a recovery code if it won, none if the TOTP code did.
    const winner = codes[statuses.indexOf(200)]!;
    expect(await unusedRecoveryCodes(me.user.id)).toBe(winner === codes[0] ? 10 : 9);
  });

  it('refuses a wrong code with 401, and a forged challenge with 400', async () => {
    const me = await enrolled();
    const challenge = await challengeOf(me.user.email);
    const wrong = String((Number(codeOf(me.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await call('/auth/login/2fa', undefined, { challenge, code: wrong });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SETTINGS_MESSAGES.invalidCode);
    const forged = await call('/auth/login/2fa', undefined, {
      challenge: `${challenge.slice(0, -3)}abc`,
      code: codeOf(me.secret),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(SETTINGS_MESSAGES.challengeExpired);
    // A session token is no challenge.
    const token = me.headers.authorization!.slice('Bearer '.length);
    const asChallenge = await call('/auth/login/2fa', undefined, {
      challenge: token,
      code: codeOf(me.secret),
    });
    expect(asChallenge.statusCode).toBe(400);
  });

  it('takes a recovery code once: the second use is refused', async () => {
    const me = await enrolled();
    const code = me.recoveryCodes[3]!;
    const first = await call('/auth/login/2fa', undefined, {
      challenge: await challengeOf(me.user.email),
      code: code.toUpperCase(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().token).toBeTruthy();
    const second = await call('/auth/login/2fa', undefined, {
      challenge: await challengeOf(me.user.email),
      code,
    });
    expect(second.statusCode).toBe(401);
  });

  it('takes a code as people type it: the digits spaced as the app shows them, a recovery code in capitals, with a space', async () => {
    const me = await enrolled();
    // An address of its own: the refusal at the end counts against the sign-in limits.
    const address = '10.44.0.12';
    const signIn = async (code: string) =>
      call(
        '/auth/login/2fa',
        undefined,
        { challenge: await challengeOf(me.user.email, address), code },
        address,
      );
    const digits = codeOf(me.secret, 1);
    const spaced = await signIn(` ${digits.slice(0, 3)} ${digits.slice(3)} `);
    expect(spaced.statusCode, spaced.body).toBe(200);
    const recovery = me.recoveryCodes[5]!;
    const capitals = await signIn(recovery.toUpperCase().replace('-', ' '));
    expect(capitals.statusCode, capitals.body).toBe(200);
    // It was that code: as it was given, it is spent.
    const again = await signIn(recovery);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SETTINGS_MESSAGES.invalidCode);
  });

  it('counts wrong codes against the sign-in limits like passwords (429 with Retry-After)', async () => {
    const me = await enrolled();
    const address = '10.44.0.9';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const challenge = await passwordStep(me.user.email, address);
      if (challenge.statusCode !== 200) {
        statuses.push(challenge.statusCode);
        continue;
      }
      const response = await call(
        '/auth/login/2fa',
        undefined,
        { challenge: challenge.json().challenge, code: '000000' },
        address,
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.headers['retry-after']).toBeTruthy();
    }
    expect(statuses).toContain(429);
  });
});

describe('POST /api/auth/2fa/disable', () => {
  it('needs the password; then the password alone signs in again', async () => {
    const me = await enrolled();
    const wrong = await call('/auth/2fa/disable', me.headers, { password: 'Not-The-One-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SETTINGS_MESSAGES.passwordIncorrect);
    const viaSwitch = await t.app.inject({
      method: 'PUT',
      url: '/api/users/notifications',
      headers: me.headers,
      payload: { twoFactorEnabled: false },
    });
    expect(viaSwitch.statusCode).toBe(400);
    expect(viaSwitch.json().message).toBe(SETTINGS_MESSAGES.twoFactorDisableWithPassword);

    const off = await call('/auth/2fa/disable', me.headers, { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    const login = await passwordStep(me.user.email);
    expect(login.json().token).toBeTruthy();
    expect(login.json().twoFactorRequired).toBeUndefined();
    const codes = await t.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, me.user.id));
    expect(codes).toEqual([]);
  });

  it('counts wrong passwords against the sign-in limits: past them 429, even for the right one', async () => {
    const me = await enrolled();
    for (let i = 0; i < LOGIN_RATE_LIMIT.perAccountAndAddress; i++) {
      const wrong = await call('/auth/2fa/disable', me.headers, { password: 'Not-The-One-9' });
      expect(wrong.statusCode).toBe(400);
    }
    const refused = await call('/auth/2fa/disable', me.headers, { password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.twoFactorSecret).not.toBeNull();
  });

  it('refuses an empty password (400), and an anonymous caller (401)', async () => {
    const empty = await call('/auth/2fa/disable', actors.admin.headers, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Password is required');
    expect((await call('/auth/2fa/disable', undefined, { password: 'x' })).statusCode).toBe(401);
  });
});
