import { MESSAGES, SESSION_END_MESSAGES } from '@stockyard/shared';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createContext } from '../../context';
import { createDatabase, type Database } from '../../db/client';
import { signSessionToken } from './tokens';

let t: TestApp;
let peerDb: Database;
let peer: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  // A second API process on the same database, with the same signing secret.
  peerDb = createDatabase(t.databaseUrl, 5);
  peer = await buildApp({ ctx: createContext(peerDb, t.ctx.jwtSecret) });
  await peer.ready();
});
afterAll(async () => {
  await peer.close();
  await peerDb.$client.end();
  await t.close();
});

const profile = (app: typeof peer, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/auth/profile', headers });

describe('a revoked session', () => {
  it('is refused from the moment the sign-out is answered, even with lookups in flight', async () => {
    const user = await createUser(t.db, { role: 'ADMIN' });
    const { headers } = await loginAs(t.app, user.email);
    const inFlight = Array.from({ length: 40 }, () => profile(t.app, headers));
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(logout.statusCode).toBe(200);
    await Promise.all(inFlight);

    for (const app of [t.app, peer]) {
      const after = await Promise.all(Array.from({ length: 10 }, () => profile(app, headers)));
      expect(after.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    }
  });

  it('is refused on every process once an admin deactivates the user', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const manager = await createUser(t.db, { role: 'USER' });
    const adminAuth = await loginAs(t.app, admin.email);
    const managerAuth = await loginAs(peer, manager.email);
    expect((await profile(peer, managerAuth.headers)).statusCode).toBe(200);

    const inFlight = Array.from({ length: 40 }, () => profile(peer, managerAuth.headers));
    const toggled = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${manager.id}/toggle-status`,
      headers: adminAuth.headers,
    });
    expect(toggled.statusCode).toBe(200);
    await Promise.all(inFlight);

    expect((await profile(peer, managerAuth.headers)).statusCode).toBe(401);
    expect((await profile(t.app, managerAuth.headers)).statusCode).toBe(401);
  });

  it("shows a changed role or flag on the user's next request, on every process", async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const manager = await createUser(t.db, { role: 'USER' });
    const adminAuth = await loginAs(t.app, admin.email);
    const managerAuth = await loginAs(peer, manager.email);
    expect((await profile(peer, managerAuth.headers)).json().data.permissions.manageInventory).toBe(
      false,
    );

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${manager.id}/permissions`,
      headers: adminAuth.headers,
      payload: { permissions: { manageInventory: true } },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(peer, managerAuth.headers)).json().data.permissions.manageInventory).toBe(
      true,
    );
  });
});

describe("the 401 of a session its account ended (a screen that missed 'session:ended')", () => {
  const plain = { success: false, code: 'UNAUTHORIZED', message: MESSAGES.unauthorized };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function signedIn() {
    const admin = await loginAs(t.app, (await createUser(t.db, { role: 'ADMIN' })).email);
    const manager = await createUser(t.db, { role: 'USER' });
    const session = await loginAs(peer, manager.email);
    expect((await profile(peer, session.headers)).statusCode).toBe(200);
    const adminCall = (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/users${url}`, headers: admin.headers, payload });
    return { manager, session, adminCall };
  }

  it('says the account was deactivated, on every process, to that session only', async () => {
    const { manager, session, adminCall } = await signedIn();
    expect((await adminCall('PATCH', `/${manager.id}/toggle-status`)).statusCode).toBe(200);

    for (const app of [t.app, peer]) {
      const refused = await profile(app, session.headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        success: false,
        code: 'SESSION_ENDED_DEACTIVATED',
        message: SESSION_END_MESSAGES.deactivated,
      });
    }
    // A write too: every signed-in route answers it the same way.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: session.headers,
    });
    expect(write.statusCode).toBe(401);
    expect(write.json().code).toBe('SESSION_ENDED_DEACTIVATED');
  });

  it('says the account was deleted', async () => {
    const { manager, session, adminCall } = await signedIn();
    expect((await adminCall('DELETE', `/remove/${manager.id}`)).statusCode).toBe(200);

    const refused = await profile(t.app, session.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      success: false,
      code: 'SESSION_ENDED_DELETED',
      message: SESSION_END_MESSAGES.deleted,
    });
  });

  it('is the plain 401 for a session signed out or ended by a password reset', async () => {
    const { manager, session, adminCall } = await signedIn();
    const other = await loginAs(t.app, manager.email);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: session.headers,
    });
    expect(logout.statusCode).toBe(200);
    const signedOut = await profile(t.app, session.headers);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual(plain);

    const reset = await adminCall('PATCH', `/${manager.id}/reset-password`, {
      password: 'Fresh-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    const afterReset = await profile(t.app, other.headers);
    expect(afterReset.statusCode).toBe(401);
    expect(afterReset.json()).toEqual(plain);
  });

  it('is never told to a token that does not verify, even one naming the ended session', async () => {
    const { manager, session, adminCall } = await signedIn();
    expect((await adminCall('PATCH', `/${manager.id}/toggle-status`)).statusCode).toBe(200);
    const claims = { userId: manager.id, sessionId: decodeJwt(session.token).jti! };
    const inAnHour = new Date(Date.now() + 3_600_000);
    const forged = await signSessionToken(new Uint8Array(32).fill(7), claims, inAnHour);
    const expired = await signSessionToken(t.ctx.jwtSecret, claims, new Date(Date.now() - 60_000));
    const [, payload] = session.token.split('.');
    const tampered = session.token.replace(payload!, `${payload}x`);

    for (const token of [forged, expired, tampered, 'not-a-token']) {
      const refused = await profile(t.app, bearer(token));
      expect(refused.statusCode, token).toBe(401);
      expect(refused.json(), token).toEqual(plain);
    }
    // The session's own token still learns why.
    expect((await profile(t.app, session.headers)).json().code).toBe('SESSION_ENDED_DEACTIVATED');
  });
});
