import {
  ALL_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  LOGIN_RATE_LIMIT,
  PASSWORD_MESSAGES,
  PERMISSION_FLAGS,
  type Permissions,
  strongerPeerMessage,
} from '@stockyard/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createUser,
  loginAs,
  seedActors,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs, sessions, users } from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/users${url}`, headers, payload });
const admin = () => actors.admin.headers;
const profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });

/** A field manager, signed in. */
async function signedInManager(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { locationId: actors.location.id, ...values });
  return { user, ...(await loginAs(t.app, user.email)) };
}

const NO_FLAGS = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, false])) as Permissions;
const USERS_FLAGS = { ...NO_FLAGS, viewUsers: true, manageUsers: true };

/**
 * A field manager who holds View Users and Manage Users alone, signed in, and two peers at their
 * location: one who holds every flag (beyond their reach) and one who holds only View Users.
 */
async function usersManagerAndPeers() {
  const manager = await signedInManager({ permissions: USERS_FLAGS });
  const stronger = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: ALL_PERMISSIONS,
  });
  const weaker = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { ...NO_FLAGS, viewUsers: true },
  });
  return { manager, stronger, weaker };
}
/** The refusal of an action on the peer with every flag: it names the eight the manager lacks. */
const STRONGER_PEER = strongerPeerMessage(
  PERMISSION_FLAGS.filter((flag) => flag !== 'viewUsers' && flag !== 'manageUsers'),
);

async function rowOf(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

function editOf(user: typeof users.$inferSelect, change: Record<string, unknown> = {}) {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    locationId: user.locationId,
    ...change,
  };
}

describe('PUT /api/users/update/:id', () => {
  it('changes the fields and records the change', async () => {
    const { user } = await signedInManager();
    const other = await createLocation(t.db, { name: 'South Field' });
    const response = await call('PUT', `/update/${user.id}`, admin(), {
      name: 'Casey Moss',
      email: 'casey.moss@example.com',
      role: 'user',
      locationId: other.id,
      status: true,
      permissions: { manageInventory: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Casey Moss',
      email: 'casey.moss@example.com',
      location: { name: 'South Field' },
      permissions: { ...DEFAULT_PERMISSIONS, manageInventory: true },
    });
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.action, 'UPDATE_USER'), eq(activityLogs.entityId, String(user.id))),
      );
    expect(entry?.details).toMatchObject({
      before: { name: user.name },
      after: { name: 'Casey Moss' },
    });
  });

  it('ends the sessions of a user it deactivates', async () => {
    const manager = await signedInManager();
    const response = await call(
      'PUT',
      `/update/${manager.user.id}`,
      admin(),
      editOf(manager.user, { status: false }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe(false);
    expect((await profile(manager.headers)).statusCode).toBe(401);
  });

  it('gives a demoted admin the default flags', async () => {
    const other = await createUser(t.db, { role: 'ADMIN', locationId: actors.location.id });
    const response = await call(
      'PUT',
      `/update/${other.id}`,
      admin(),
      editOf(other, { role: 'USER' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ role: 'USER', permissions: DEFAULT_PERMISSIONS });
  });

  it("refuses an email another user has, in any case, with 409; keeping one's own is fine", async () => {
    const { user } = await signedInManager();
    const taken = await call(
      'PUT',
      `/update/${user.id}`,
      admin(),
      editOf(user, { email: actors.admin.user.email.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'A user with this email already exists',
      // The Edit User form shows it under Email.
      errors: [{ path: 'email', message: 'A user with this email already exists' }],
    });
    const same = await call(
      'PUT',
      `/update/${user.id}`,
      admin(),
      editOf(user, { email: user.email.toUpperCase() }),
    );
    expect(same.statusCode).toBe(200);
  });

  it('refuses to let an admin deactivate or demote themselves', async () => {
    const me = { ...actors.admin.user, locationId: actors.location.id };
    const off = await call('PUT', `/update/${me.id}`, admin(), editOf(me, { status: false }));
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('You cannot deactivate your own account.');
    const demoted = await call('PUT', `/update/${me.id}`, admin(), editOf(me, { role: 'USER' }));
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toBe('You cannot change your own role.');
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: 'x@' }, 'Invalid email format'],
    [{ role: undefined }, 'Role is required'],
    [{ locationId: null }, 'Location is required'],
    [{ status: 'yes' }, 'Status must be true or false'],
  ])('refuses %o with the message "%s"', async (change, message) => {
    const response = await call(
      'PUT',
      `/update/${actors.manager.user.id}`,
      admin(),
      editOf(actors.manager.user, change),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('lets a Manage Users field manager edit a peer whose flags are among theirs, never one who holds more (403)', async () => {
    const { manager, stronger, weaker } = await usersManagerAndPeers();
    const takeover = editOf(stronger, { email: 'takeover@example.com' });
    const refused = await call('PUT', `/update/${stronger.id}`, manager.headers, takeover);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STRONGER_PEER);
    expect(await rowOf(stronger.id)).toEqual(stronger);

    const edit = editOf(weaker, { email: `renamed.${weaker.email}` });
    const done = await call('PUT', `/update/${weaker.id}`, manager.headers, edit);
    expect(done.statusCode, done.body).toBe(200);
    expect((await rowOf(weaker.id)).email).toBe(`renamed.${weaker.email}`);
  });

  it('answers 404, 401 and 403', async () => {
    const body = editOf(actors.manager.user);
    expect((await call('PUT', '/update/999999', admin(), body)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/update/${actors.manager.user.id}`, undefined, body)).statusCode,
    ).toBe(401);
    const refused = await call(
      'PUT',
      `/update/${actors.manager.user.id}`,
      actors.manager.headers,
      body,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('PATCH /api/users/:id/toggle-status', () => {
  it('deactivates a user, ending all their sessions at once, then activates them again', async () => {
    const manager = await signedInManager();
    const second = await loginAs(t.app, manager.user.email);
    const revoked: string[][] = [];
    const listener = (ids: string[]) => revoked.push(ids);
    t.ctx.events.on('sessionsRevoked', listener);
    try {
      const off = await call('PATCH', `/${manager.user.id}/toggle-status`, admin());
      expect(off.statusCode).toBe(200);
      expect(off.json().data.status).toBe(false);
      expect((await profile(manager.headers)).statusCode).toBe(401);
      expect((await profile(second.headers)).statusCode).toBe(401);
      const live = await t.db.select().from(sessions).where(eq(sessions.userId, manager.user.id));
      expect(live.every((s) => s.revokedAt !== null)).toBe(true);
      expect(revoked).toEqual([expect.arrayContaining(live.map((s) => s.id))]);
    } finally {
      t.ctx.events.off('sessionsRevoked', listener);
    }
    const on = await call('PATCH', `/${manager.user.id}/toggle-status`, admin());
    expect(on.json().data.status).toBe(true);
    await loginAs(t.app, manager.user.email);
    const actions = await t.db
      .select({ action: activityLogs.action })
      .from(activityLogs)
      .where(eq(activityLogs.entityId, String(manager.user.id)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['DEACTIVATE_USER', 'ACTIVATE_USER']),
    );
  });

  it('refuses to let an admin deactivate themselves', async () => {
    const response = await call('PATCH', `/${actors.admin.user.id}/toggle-status`, admin());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You cannot deactivate your own account.');
  });

  it('keeps the last active admin when two admins deactivate each other at once', async () => {
    const s = await createTestApp();
    try {
      const a = await createUser(s.db, { role: 'ADMIN' });
      const b = await createUser(s.db, { role: 'ADMIN' });
      const [ha, hb] = [await loginAs(s.app, a.email), await loginAs(s.app, b.email)];
      const results = await Promise.all([
        s.app.inject({
          method: 'PATCH',
          url: `/api/users/${b.id}/toggle-status`,
          headers: ha.headers,
        }),
        s.app.inject({
          method: 'PATCH',
          url: `/api/users/${a.id}/toggle-status`,
          headers: hb.headers,
        }),
      ]);
      // The loser is refused: 409 when its check ran first, 401 when it was already deactivated.
      const [won, lost] = results.map((r) => r.statusCode).sort();
      expect(won).toBe(200);
      expect([401, 409]).toContain(lost);
      const refused = results.find((r) => r.statusCode === 409);
      if (refused) {
        expect(refused.json().message).toMatch(
          /is the last active admin and cannot be deactivated\. Make another user an admin first\./,
        );
      }
      const active = await s.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'ADMIN'), eq(users.status, true)));
      expect(active).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('lets a Manage Users field manager deactivate a peer whose flags are among theirs, never one who holds more (403)', async () => {
    const { manager, stronger, weaker } = await usersManagerAndPeers();
    const peer = await loginAs(t.app, stronger.email);
    const refused = await call('PATCH', `/${stronger.id}/toggle-status`, manager.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STRONGER_PEER);
    expect((await rowOf(stronger.id)).status).toBe(true);
    expect((await profile(peer.headers)).statusCode).toBe(200);

    const done = await call('PATCH', `/${weaker.id}/toggle-status`, manager.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect((await rowOf(weaker.id)).status).toBe(false);
  });

  it('answers 404, 401 and 403', async () => {
    expect((await call('PATCH', '/999999/toggle-status', admin())).statusCode).toBe(404);
    expect((await call('PATCH', `/${actors.manager.user.id}/toggle-status`)).statusCode).toBe(401);
    const refused = await call(
      'PATCH',
      `/${actors.manager.user.id}/toggle-status`,
      actors.manager.headers,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('DELETE /api/users/remove/:id', () => {
  it('removes the user softly: sessions end, lists forget them, the email is free again', async () => {
    const manager = await signedInManager();
    const response = await call('DELETE', `/remove/${manager.user.id}`, admin());
    expect(response.statusCode).toBe(200);
    expect((await profile(manager.headers)).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, manager.user.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await call('GET', `/detail/${manager.user.id}`, admin())).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: admin(),
      payload: {
        name: 'Back Again',
        email: manager.user.email,
        role: 'USER',
        locationId: actors.location.id,
        password: 'Riley-Stone-7',
      },
    });
    expect(again.statusCode).toBe(201);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'DELETE_USER'),
          eq(activityLogs.entityId, String(manager.user.id)),
        ),
      );
    expect(entry).toBeDefined();
  });

  it('refuses to let an admin delete themselves', async () => {
    const response = await call('DELETE', `/remove/${actors.admin.user.id}`, admin());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You cannot delete your own account.');
  });

  it('answers 404 for a missing or already removed user, 401 and 403', async () => {
    const removed = await createUser(t.db, { deletedAt: new Date() });
    expect((await call('DELETE', `/remove/${removed.id}`, admin())).statusCode).toBe(404);
    expect((await call('DELETE', '/remove/999999', admin())).statusCode).toBe(404);
    expect((await call('DELETE', `/remove/${actors.manager.user.id}`)).statusCode).toBe(401);
    const refused = await call(
      'DELETE',
      `/remove/${actors.manager.user.id}`,
      actors.manager.headers,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('PATCH /api/users/:id/permissions', () => {
  it("sets a field manager's flags, leaving the ones not sent", async () => {
    const { user } = await signedInManager();
    const response = await call('PATCH', `/${user.id}/permissions`, admin(), {
      permissions: { manageLocations: true, viewAttendance: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.permissions).toEqual({
      ...DEFAULT_PERMISSIONS,
      manageLocations: true,
      viewAttendance: false,
    });
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'UPDATE_PERMISSIONS'),
          eq(activityLogs.entityId, String(user.id)),
        ),
      );
    expect(entry).toBeDefined();
  });

  it('refuses to narrow an admin, whose flags are all set', async () => {
    const other = await createUser(t.db, { role: 'ADMIN' });
    const response = await call('PATCH', `/${other.id}/permissions`, admin(), {
      permissions: { viewUsers: false },
    });
    expect(response.statusCode).toBe(409);
  });

  it('refuses a flag that is not a boolean', async () => {
    const response = await call('PATCH', `/${actors.manager.user.id}/permissions`, admin(), {
      permissions: { viewUsers: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Each permission must be true or false');
  });

  it('lets a Manage Users field manager set the flags of a peer whose flags are among theirs, never of one who holds more (403)', async () => {
    const { manager, stronger, weaker } = await usersManagerAndPeers();
    const refused = await call('PATCH', `/${stronger.id}/permissions`, manager.headers, {
      permissions: { manageInvoices: false },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STRONGER_PEER);
    expect(await rowOf(stronger.id)).toEqual(stronger);

    const done = await call('PATCH', `/${weaker.id}/permissions`, manager.headers, {
      permissions: { manageUsers: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await rowOf(weaker.id)).manageUsers).toBe(true);
  });

  it('answers 404, 401 and 403', async () => {
    const body = { permissions: { viewUsers: true } };
    expect((await call('PATCH', '/999999/permissions', admin(), body)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/${actors.manager.user.id}/permissions`, undefined, body)).statusCode,
    ).toBe(401);
    const refused = await call(
      'PATCH',
      `/${actors.manager.user.id}/permissions`,
      actors.manager.headers,
      body,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('PATCH /api/users/:id/reset-password', () => {
  it('sets the new password and ends every session of the user', async () => {
    const manager = await signedInManager();
    const response = await call('PATCH', `/${manager.user.id}/reset-password`, admin(), {
      password: 'Fresh-pass-1',
    });
    expect(response.statusCode).toBe(200);
    expect((await profile(manager.headers)).statusCode).toBe(401);
    await loginAs(t.app, manager.user.email, 'Fresh-pass-1');
    await expect(loginAs(t.app, manager.user.email, TEST_PASSWORD)).rejects.toThrow(/login failed/);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'RESET_PASSWORD'),
          eq(activityLogs.entityId, String(manager.user.id)),
        ),
      );
    expect(JSON.stringify(entry)).not.toContain('Fresh-pass-1');
  });

  it('refuses a password under 8 characters', async () => {
    const response = await call('PATCH', `/${actors.manager.user.id}/reset-password`, admin(), {
      password: 'abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 8 characters');
  });

  it('lets a Manage Users field manager reset the password of a peer whose flags are among theirs, never of one who holds more (403)', async () => {
    const { manager, stronger, weaker } = await usersManagerAndPeers();
    const peer = await loginAs(t.app, stronger.email);
    const refused = await call('PATCH', `/${stronger.id}/reset-password`, manager.headers, {
      password: 'Taken-Over-9',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STRONGER_PEER);
    // Nothing changed: the peer's session lives, their password signs in, the new one does not.
    expect((await profile(peer.headers)).statusCode).toBe(200);
    await expect(loginAs(t.app, stronger.email, 'Taken-Over-9')).rejects.toThrow(/login failed/);
    await loginAs(t.app, stronger.email);

    const done = await call('PATCH', `/${weaker.id}/reset-password`, manager.headers, {
      password: 'Fresh-pass-3',
    });
    expect(done.statusCode, done.body).toBe(200);
    await loginAs(t.app, weaker.email, 'Fresh-pass-3');
  });

  it('answers 404, 401 and 403', async () => {
    const body = { password: 'Fresh-pass-12' };
    expect((await call('PATCH', '/999999/reset-password', admin(), body)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/${actors.manager.user.id}/reset-password`, undefined, body))
        .statusCode,
    ).toBe(401);
    const refused = await call(
      'PATCH',
      `/${actors.admin.user.id}/reset-password`,
      actors.manager.headers,
      body,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('PATCH /api/users/:id/change-password', () => {
  it('lets a field manager change their own password, ending their other sessions', async () => {
    const manager = await signedInManager();
    const elsewhere = await loginAs(t.app, manager.user.email);
    const response = await call('PATCH', `/${manager.user.id}/change-password`, manager.headers, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'NewSecret9',
    });
    expect(response.statusCode).toBe(200);
    expect((await profile(manager.headers)).statusCode).toBe(200);
    expect((await profile(elsewhere.headers)).statusCode).toBe(401);
    await loginAs(t.app, manager.user.email, 'NewSecret9');
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.action, 'CHANGE_PASSWORD'), eq(activityLogs.userId, manager.user.id)),
      );
    expect(entry).toBeDefined();
  });

  it('refuses the current password as the new one with 400, changing nothing', async () => {
    const manager = await signedInManager();
    const response = await call('PATCH', `/${manager.user.id}/change-password`, manager.headers, {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'newPassword', message: PASSWORD_MESSAGES.sameAsCurrent },
    ]);
    // The session goes on, and the password is what it was.
    expect((await profile(manager.headers)).statusCode).toBe(200);
    await loginAs(t.app, manager.user.email, TEST_PASSWORD);
  });

  it('refuses a wrong current password with 400, keeping the session', async () => {
    const manager = await signedInManager();
    const response = await call('PATCH', `/${manager.user.id}/change-password`, manager.headers, {
      currentPassword: 'Wrong-pass1',
      newPassword: 'NewSecret9',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Current password is incorrect',
      errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect((await profile(manager.headers)).statusCode).toBe(200);
  });

  it('counts wrong current passwords against the sign-in limits: past them 429, even for the right one', async () => {
    const manager = await signedInManager();
    const hashOf = async () =>
      (await t.db.select().from(users).where(eq(users.id, manager.user.id)))[0]!.passwordHash;
    const before = await hashOf();
    const attempt = (currentPassword: string) =>
      call('PATCH', `/${manager.user.id}/change-password`, manager.headers, {
        currentPassword,
        newPassword: 'NewSecret9',
      });
    for (let i = 0; i < LOGIN_RATE_LIMIT.perAccountAndAddress; i++) {
      expect((await attempt('Wrong-pass1')).statusCode).toBe(400);
    }
    const refused = await attempt(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await hashOf()).toBe(before);
  });

  it.each([
    [{ newPassword: 'Ab1' }, 'Password must be at least 8 characters'],
    [{ newPassword: 'alllowercase1' }, 'Must contain uppercase, lowercase, and number'],
    [{ newPassword: 'NoDigitsHere' }, 'Must contain uppercase, lowercase, and number'],
    [{ currentPassword: 'short' }, 'Current password must be at least 8 characters'],
  ])('refuses %o with the message "%s"', async (change, message) => {
    const response = await call(
      'PATCH',
      `/${actors.manager.user.id}/change-password`,
      actors.manager.headers,
      {
        currentPassword: TEST_PASSWORD,
        newPassword: 'NewSecret9',
        ...change,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("refuses to change someone else's password (403) and answers 401 without a session", async () => {
    const body = { currentPassword: TEST_PASSWORD, newPassword: 'NewSecret9' };
    const other = await call('PATCH', `/${actors.manager.user.id}/change-password`, admin(), body);
    expect(other.statusCode).toBe(403);
    expect(
      (await call('PATCH', `/${actors.manager.user.id}/change-password`, undefined, body))
        .statusCode,
    ).toBe(401);
  });
});
