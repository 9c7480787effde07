import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createContext } from '../../context';
import { createDatabase, type Database } from '../../db/client';

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
