import {
  ALL_PERMISSIONS,
  type CreateUserInput,
  DEFAULT_PERMISSIONS,
  PERMISSION_FLAGS,
  type Permissions,
  type Role,
  type SessionUser,
  type UpdateUserInput,
  type UserListQuery,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { assertReadable, listScope } from '../../lib/location-scope';
import { hashNewPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { permissionsOf, toUserDto } from '../../lib/user-dto';
import { recordActivity } from '../activity/activity.service';
import { getLocation, holdLocation } from '../locations/locations.service';
import { notify } from '../notifications/notify';
import { endSessionsOf } from '../sessions/sessions.service';
import * as repo from './users.repository';
import { assertMayGrant, assertMayLoseAccess, assertMayManage } from './users.rules';

export const USER_NOT_FOUND = 'User not found';
const EMAIL_TAKEN = 'A user with this email already exists';
/** A taken email, said on the form's Email field too. */
const emailTaken = () =>
  new AppError('CONFLICT', EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);

type Page = { page: number; limit: number };

/** Only the flags that were sent; an admin always has them all. */
function flagsFor(role: Role, base: Permissions, sent?: Partial<Permissions>): Permissions {
  if (role === 'ADMIN') return ALL_PERMISSIONS;
  const flags = { ...base };
  for (const flag of PERMISSION_FLAGS) {
    const value = sent?.[flag];
    if (typeof value === 'boolean') flags[flag] = value;
  }
  return flags;
}

async function withEmailGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two requests for one new email at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}

export async function listUsers(ctx: AppContext, user: SessionUser, query: UserListQuery) {
  const locationId = listScope(user, query.location);
  const { rows, total } = await repo.listUsers(
    ctx.db,
    { search: query.search, role: query.role, locationId },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return {
    items: rows.map((r) => toUserDto(r.user, r.locationName)),
    pagination: paginate(total, query.page, query.limit),
  };
}

/** Every user the list's filters select, every page, in its order (the export), scoped as the list. */
export async function exportUsers(
  ctx: AppContext,
  user: SessionUser,
  filters: Omit<UserListQuery, 'page' | 'limit'>,
) {
  const locationId = listScope(user, filters.location);
  const rows = await repo.allUsers(ctx.db, {
    search: filters.search,
    role: filters.role,
    locationId,
  });
  return rows.map((r) => toUserDto(r.user, r.locationName));
}

export async function usersWithRole(ctx: AppContext, user: SessionUser, role: Role, page: Page) {
  return listUsers(ctx, user, { ...page, role });
}

export async function usersAtLocation(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
  page: Page,
) {
  await getLocation(ctx, user, locationId);
  return listUsers(ctx, user, { ...page, location: locationId });
}

export async function getUser(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<SessionUser> {
  const row = await repo.findUser(ctx.db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  assertReadable(user, row.user.locationId, USER_NOT_FOUND);
  return toUserDto(row.user, row.locationName);
}

/**
 * The account the actor may manage (run before a write's body is read): 404 when it is not there
 * or not theirs to see, 403 when it is not theirs to change.
 */
export async function manageableUser(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findUser(ctx.db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  assertMayManage(actor, row.user, USER_NOT_FOUND);
  return row.user;
}

export async function registerUser(
  ctx: AppContext,
  actor: Actor,
  input: CreateUserInput,
): Promise<SessionUser> {
  assertMayGrant(actor, {
    role: input.role,
    locationId: input.locationId,
    flags: flagsFor(input.role, DEFAULT_PERMISSIONS, input.permissions),
  });
  const passwordHash = await hashNewPassword(input.password);
  return withEmailGuard(() =>
    inTransaction(ctx, async (uow) => {
      const { tx } = uow;
      const location = await holdLocation(tx, input.locationId);
      if (await repo.emailTaken(tx, input.email)) throw emailTaken();
      // Sent before the insert, so that the newcomer is not told of their own arrival.
      await notify(ctx, uow, {
        type: 'NEW_USER',
        message: `New user ${input.name} (${input.email}) was added at ${location.name}`,
        locationId: location.id,
        actorId: actor.user.id,
        data: { email: input.email, role: input.role },
      });
      const row = await repo.insertUser(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        role: input.role,
        locationId: location.id,
        ...flagsFor(input.role, DEFAULT_PERMISSIONS, input.permissions),
      });
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'CREATE_USER',
        description: `Created user ${row.name} (${row.email})`,
        entityType: 'user',
        entityId: String(row.id),
        locationId: row.locationId,
        details: { email: row.email, role: row.role, permissions: permissionsOf(row) },
        ip: actor.ip,
      });
      return toUserDto(row, location.name);
    }),
  );
}

export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateUserInput,
): Promise<SessionUser> {
  return withEmailGuard(() =>
    inTransaction(ctx, async (uow) => {
      const { tx } = uow;
      const before = await repo.lockUser(tx, id);
      if (!before) throw notFound(USER_NOT_FOUND);
      assertMayManage(actor, before, USER_NOT_FOUND);
      const base = before.role === 'ADMIN' ? DEFAULT_PERMISSIONS : permissionsOf(before);
      assertMayGrant(
        actor,
        {
          role: input.role,
          locationId: input.locationId,
          flags: flagsFor(input.role, base, input.permissions),
        },
        permissionsOf(before),
      );
      const location = await holdLocation(tx, input.locationId);
      if (await repo.emailTaken(tx, input.email, id)) throw emailTaken();
      const status = input.status ?? before.status;
      if (before.role === 'ADMIN' && input.role !== 'ADMIN') {
        await assertMayLoseAccess(tx, actor, before, 'demote');
      }
      if (before.status && !status) await assertMayLoseAccess(tx, actor, before, 'deactivate');

      const row = await repo.updateUser(tx, id, {
        name: input.name,
        email: input.email,
        role: input.role,
        locationId: location.id,
        status,
        ...flagsFor(input.role, base, input.permissions),
      });
      const endedSessions =
        before.status && !status ? await endSessionsOf(ctx, uow, id, undefined, 'deactivated') : 0;
      uow.afterCommit(() => {
        ctx.events.emit('usersChanged', [id]);
      });
      await recordActivity(tx, {
        userId: actor.user.id,
        action: before.status && !status ? 'DEACTIVATE_USER' : 'UPDATE_USER',
        description: `Updated user ${row.name} (${row.email})`,
        entityType: 'user',
        entityId: String(id),
        locationId: row.locationId,
        details: {
          before: summary(before),
          after: summary(row),
          endedSessions,
        },
        ip: actor.ip,
      });
      return toUserDto(row, location.name);
    }),
  );
}

function summary(row: repo.UserRow) {
  return {
    name: row.name,
    email: row.email,
    role: row.role,
    locationId: row.locationId,
    status: row.status,
    permissions: permissionsOf(row),
  };
}

export async function toggleStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<SessionUser> {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const before = await repo.lockUser(tx, id);
    if (!before) throw notFound(USER_NOT_FOUND);
    assertMayManage(actor, before, USER_NOT_FOUND);
    const activate = !before.status;
    if (!activate) await assertMayLoseAccess(tx, actor, before, 'deactivate');
    const row = await repo.updateUser(tx, id, { status: activate });
    const endedSessions = activate
      ? 0
      : await endSessionsOf(ctx, uow, id, undefined, 'deactivated');
    uow.afterCommit(() => {
      ctx.events.emit('usersChanged', [id]);
    });
    await recordActivity(tx, {
      userId: actor.user.id,
      action: activate ? 'ACTIVATE_USER' : 'DEACTIVATE_USER',
      description: `${activate ? 'Activated' : 'Deactivated'} user ${row.name} (${row.email})`,
      entityType: 'user',
      entityId: String(id),
      locationId: row.locationId,
      details: { status: row.status, endedSessions },
      ip: actor.ip,
    });
    return toUserDto(row, await repo.locationName(tx, row.locationId));
  });
}

/** A soft delete: the row stays for the history that names the user; the email is free again. */
export async function removeUser(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const before = await repo.lockUser(tx, id);
    if (!before) throw notFound(USER_NOT_FOUND);
    await assertMayLoseAccess(tx, actor, before, 'delete');
    await repo.softDeleteUser(tx, id);
    const endedSessions = await endSessionsOf(ctx, uow, id, undefined, 'deleted');
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'DELETE_USER',
      description: `Deleted user ${before.name} (${before.email})`,
      entityType: 'user',
      entityId: String(id),
      locationId: before.locationId,
      details: { email: before.email, role: before.role, endedSessions },
      ip: actor.ip,
    });
  });
}

export async function updatePermissions(
  ctx: AppContext,
  actor: Actor,
  id: number,
  permissions: Partial<Permissions>,
): Promise<SessionUser> {
  return inTransaction(ctx, async ({ tx, afterCommit }) => {
    const before = await repo.lockUser(tx, id);
    if (!before) throw notFound(USER_NOT_FOUND);
    assertMayManage(actor, before, USER_NOT_FOUND);
    afterCommit(() => {
      ctx.events.emit('usersChanged', [id]);
    });
    if (before.role === 'ADMIN') {
      throw conflict(
        'An admin always has every permission. Make the user a Field Manager to choose their permissions.',
      );
    }
    const flags = flagsFor('USER', permissionsOf(before), permissions);
    assertMayGrant(
      actor,
      { role: before.role, locationId: before.locationId, flags },
      permissionsOf(before),
    );
    const row = await repo.updateUser(tx, id, flags);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_PERMISSIONS',
      description: `Updated the permissions of ${row.name} (${row.email})`,
      entityType: 'user',
      entityId: String(id),
      locationId: row.locationId,
      details: { before: permissionsOf(before), after: permissionsOf(row) },
      ip: actor.ip,
    });
    return toUserDto(row, await repo.locationName(tx, row.locationId));
  });
}
