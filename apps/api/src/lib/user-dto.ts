import {
  PERMISSION_FLAGS,
  type PermissionFlag,
  type Permissions,
  type SessionUser,
} from '@stockyard/shared';
import type { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

/** What a user's DTO is made from: a row less its password hash and bookkeeping. */
export type UserDtoFields = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'role' | 'locationId' | 'status' | 'lastLogin' | PermissionFlag
>;

export function permissionsOf(row: Pick<UserRow, PermissionFlag>): Permissions {
  const permissions = {} as Permissions;
  for (const flag of PERMISSION_FLAGS) permissions[flag] = row[flag];
  return permissions;
}

/** The user as every endpoint shows it: never the password hash. */
export function toUserDto(row: UserDtoFields, locationName: string | null): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    locationId: row.locationId,
    location: locationName === null ? null : { name: locationName },
    status: row.status,
    lastLogin: row.lastLogin === null ? null : row.lastLogin.toISOString(),
    permissions: permissionsOf(row),
  };
}
