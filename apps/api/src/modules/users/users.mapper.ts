import {
  PERMISSION_FLAGS,
  type PermissionFlag,
  type Permissions,
  type SessionUser,
} from '@stockyard/shared';
import type { users } from '../../db/schema';
import { isoInstant } from '../../lib/instants';

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

type UserDtoSource = Omit<UserDtoFields, 'lastLogin' | PermissionFlag> & {
  lastLogin: Date | string | null;
} & (Pick<UserRow, PermissionFlag> | { permissions: Permissions });

/**
 * The user as every endpoint shows it: never the password hash. From a row with its permission
 * flags, or from a listed user whose flags have already been gathered into `permissions`.
 */
export function toUserDto(row: UserDtoSource, locationName: string | null): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    locationId: row.locationId,
    location: locationName === null ? null : { name: locationName },
    status: row.status,
    lastLogin: row.lastLogin === null ? null : isoInstant(row.lastLogin),
    permissions: 'permissions' in row ? row.permissions : permissionsOf(row),
  };
}
