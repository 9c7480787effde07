import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, type SessionUser } from '@stockyard/shared';

/**
 * The signed-in users of the web's tests: a field manager of North Yard with the default flags,
 * and an admin, each with what a test needs otherwise (`overrides`).
 */
export function aFieldManager(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 5,
    name: 'Fran Field',
    email: 'fran@example.com',
    role: 'USER',
    locationId: 2,
    location: { name: 'North Yard' },
    status: true,
    lastLogin: null,
    permissions: DEFAULT_PERMISSIONS,
    ...overrides,
  };
}

export function anAdmin(overrides: Partial<SessionUser> = {}): SessionUser {
  return aFieldManager({
    id: 1,
    name: 'Ada Admin',
    role: 'ADMIN',
    locationId: null,
    location: null,
    permissions: ALL_PERMISSIONS,
    ...overrides,
  });
}
