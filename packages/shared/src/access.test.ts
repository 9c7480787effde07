import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LIMITS,
  ALL_PERMISSIONS,
  API_ACCESS,
  type ApiRoute,
  accountRefusal,
  assignableRoles,
  can,
  DEFAULT_PERMISSIONS,
  grantableFlags,
  hasRole,
  mayChangeLocationStatus,
  mayManageAccount,
  normalizeRole,
  ownLocation,
  PERMISSION_FLAGS,
  sectionTitle,
  sidebarRoutes,
  strongerPeerMessage,
} from './access';

const NO_FLAGS = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false]));

describe('roles', () => {
  it('compares roles case-insensitively', () => {
    expect(normalizeRole('admin')).toBe('ADMIN');
    expect(normalizeRole(' User ')).toBe('USER');
    expect(normalizeRole('owner')).toBeNull();
    expect(hasRole('user', ['USER'])).toBe(true);
    expect(hasRole('USER', ['ADMIN'])).toBe(false);
  });
});

describe('the API access table', () => {
  it('lets an admin call every route, whatever their flags', () => {
    for (const route of Object.keys(API_ACCESS) as ApiRoute[]) {
      expect(can({ role: 'admin', permissions: {} }, route)).toBe(true);
    }
  });

  it("lets a field manager call a module's routes by its flags, and admin-only routes never", () => {
    const manager = { role: 'USER', permissions: DEFAULT_PERMISSIONS };
    expect(can(manager, 'GET /api/materials/list')).toBe(true);
    expect(can(manager, 'POST /api/materials/create')).toBe(false);
    expect(
      can({ ...manager, permissions: { manageInventory: true } }, 'POST /api/materials/create'),
    ).toBe(true);
    expect(
      can({ ...manager, permissions: { viewInventory: false } }, 'GET /api/materials/list'),
    ).toBe(false);
    expect(can({ role: 'USER', permissions: ALL_PERMISSIONS }, 'POST /api/locations/create')).toBe(
      false,
    );
    expect(can({ role: 'USER', permissions: ALL_PERMISSIONS }, 'GET /api/activity-logs/list')).toBe(
      false,
    );
  });

  it('marks only sign-in (with its two-factor step) and the health check public', () => {
    const open = Object.entries(API_ACCESS).filter(([, rule]) => 'public' in rule);
    expect(open.map(([route]) => route).sort()).toEqual([
      'GET /api/health',
      'POST /api/auth/login',
      'POST /api/auth/login/2fa',
    ]);
  });
});

describe('the route table', () => {
  it('offers a sidebar entry only to the roles it lists, whatever their case', () => {
    expect(sidebarRoutes({ role: 'admin' }).map((r) => r.path)).toContain('/');
    expect(sidebarRoutes({ role: 'User' }).map((r) => r.path)).toContain('/');
    expect(sidebarRoutes({ role: 'guest' })).toEqual([]);
    expect(sidebarRoutes(null)).toEqual([]);
    for (const route of sidebarRoutes({ role: 'ADMIN' })) expect(route.roles).toContain('ADMIN');
  });

  it("puts Inventory, Locations and Users in a field manager's sidebar by their view flags", () => {
    const paths = (permissions: Partial<typeof DEFAULT_PERMISSIONS>) =>
      sidebarRoutes({ role: 'USER', permissions }).map((r) => r.path);
    expect(paths({})).not.toContain('/inventory');
    expect(paths({ viewInventory: true })).toContain('/inventory');
    expect(paths({ viewLocations: true })).toContain('/locations');
    expect(paths({ viewUsers: true })).toContain('/users');
    expect(paths(ALL_PERMISSIONS)).not.toContain('/admin/activity-tracking');
  });

  it("puts Staff and Attendance in a field manager's sidebar by View Attendance, never in an admin's", () => {
    const paths = (permissions: Partial<typeof DEFAULT_PERMISSIONS>) =>
      sidebarRoutes({ role: 'USER', permissions }).map((r) => r.path);
    expect(paths({ viewAttendance: true })).toEqual(
      expect.arrayContaining(['/staff', '/attendance']),
    );
    expect(paths({ viewAttendance: false })).not.toContain('/staff');
    expect(sidebarRoutes({ role: 'ADMIN' }).map((r) => r.path)).not.toContain('/staff');
    expect(sidebarRoutes({ role: 'ADMIN' }).map((r) => r.path)).not.toContain('/attendance');
  });

  it('names the header section after the route, and no section for an unknown path', () => {
    expect(sectionTitle('/')).toBe('Dashboard');
    expect(sectionTitle('/no/such/page')).toBeUndefined();
  });
});

describe('what a user may do to the records a route reaches', () => {
  const manager = {
    role: 'USER',
    locationId: 7,
    permissions: { viewUsers: true, manageUsers: true },
  };
  const admin = { role: 'admin', locationId: 3 };

  it('keeps a field manager to their own location and lets an admin work everywhere', () => {
    expect(ownLocation(manager)).toBe(7);
    expect(ownLocation(admin)).toBeNull();
    // Without a location a field manager's scope matches no record.
    expect(ownLocation({ role: 'USER', locationId: null })).toBe(0);
  });

  it("lets a field manager change USER accounts of their location only, never an admin's", () => {
    const permissions = { viewUsers: true };
    expect(mayManageAccount(manager, { role: 'USER', locationId: 7, permissions })).toBe(true);
    expect(mayManageAccount(manager, { role: 'USER', locationId: 8, permissions })).toBe(false);
    expect(accountRefusal(manager, { role: 'ADMIN', locationId: 7, permissions })).toBe(
      ACCOUNT_LIMITS.admin,
    );
    expect(
      mayManageAccount(admin, { role: 'ADMIN', locationId: null, permissions: ALL_PERMISSIONS }),
    ).toBe(true);
  });

  it('leaves a peer who holds a flag the field manager lacks to an admin, naming the flags', () => {
    const peer = { role: 'USER', locationId: 7, permissions: ALL_PERMISSIONS };
    const refusal = accountRefusal(manager, peer);
    expect(refusal).toBe(
      strongerPeerMessage([
        'viewInventory',
        'manageInventory',
        'viewLocations',
        'manageLocations',
        'viewInvoices',
        'manageInvoices',
        'viewAttendance',
        'manageAttendance',
      ]),
    );
    expect(refusal).toContain('(View Inventory, Manage Inventory, View Locations,');
    expect(refusal).toContain('Only an admin can change their account or reset their password.');
    // A flag turned off is not held: a peer with fewer flags, or the same, is the manager's.
    const fewer = { ...peer, permissions: { ...ALL_PERMISSIONS, ...NO_FLAGS, viewUsers: true } };
    expect(accountRefusal(manager, fewer)).toBeNull();
    expect(accountRefusal(manager, { ...peer, permissions: manager.permissions })).toBeNull();
    expect(accountRefusal(admin, peer)).toBeNull();
  });

  it('offers a field manager the Field Manager role only, and the flags they hold', () => {
    expect(assignableRoles(manager)).toEqual(['USER']);
    expect(assignableRoles(admin)).toEqual(['ADMIN', 'USER']);
    expect(grantableFlags(manager)).toEqual(['viewUsers', 'manageUsers']);
    expect(grantableFlags({ role: 'ADMIN' })).toHaveLength(10);
  });

  it('leaves opening and closing a location to an admin', () => {
    expect(mayChangeLocationStatus(admin)).toBe(true);
    expect(mayChangeLocationStatus({ role: 'USER', permissions: ALL_PERMISSIONS })).toBe(false);
  });
});
