import { PERMISSION_FLAGS, type Permissions, type SessionUser } from '@stockyard/shared';
import type { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

export function permissionsOf(row: UserRow): Permissions {
  return Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, row[flag]])) as Permissions;
}

/** The user as every endpoint shows it: never the password hash. */
export function toUserDto(row: UserRow, locationName: string | null): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    locationId: row.locationId,
    location: locationName === null ? null : { name: locationName },
    status: row.status,
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    permissions: permissionsOf(row),
  };
}
