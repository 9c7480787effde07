import { describe, expect, it } from 'vitest';
import {
  can,
  DEFAULT_PERMISSIONS,
  hasRole,
  normalizeRole,
  sectionTitle,
  sidebarRoutes,
} from './access';

describe('roles', () => {
  it('compares roles case-insensitively', () => {
    expect(normalizeRole('admin')).toBe('ADMIN');
    expect(normalizeRole(' User ')).toBe('USER');
    expect(normalizeRole('owner')).toBeNull();
    expect(hasRole('user', ['USER'])).toBe(true);
    expect(hasRole('USER', ['ADMIN'])).toBe(false);
  });
});

describe('can', () => {
  it('lets an admin do everything in the access table', () => {
    expect(can({ role: 'admin' }, 'users.admin')).toBe(true);
    expect(can({ role: 'ADMIN' }, 'materials.write')).toBe(true);
  });

  it('lets a field manager read what their flags allow and write nothing administrative', () => {
    const manager = { role: 'USER', permissions: DEFAULT_PERMISSIONS };
    expect(can(manager, 'locations.read')).toBe(true);
    expect(can(manager, 'materials.read')).toBe(true);
    expect(can(manager, 'locations.write')).toBe(false);
    expect(can(manager, 'users.admin')).toBe(false);
    expect(
      can(
        { role: 'USER', permissions: { ...DEFAULT_PERMISSIONS, viewInventory: false } },
        'materials.read',
      ),
    ).toBe(false);
  });
});

describe('the route table', () => {
  it('offers a sidebar entry only to the roles it lists, whatever their case', () => {
    expect(sidebarRoutes('admin').map((r) => r.path)).toContain('/');
    expect(sidebarRoutes('User').map((r) => r.path)).toContain('/');
    expect(sidebarRoutes('guest')).toEqual([]);
    for (const route of sidebarRoutes('user')) expect(route.roles).toContain('USER');
    for (const route of sidebarRoutes('ADMIN')) expect(route.roles).toContain('ADMIN');
  });

  it('names the header section after the route, and no section for an unknown path', () => {
    expect(sectionTitle('/')).toBe('Dashboard');
    expect(sectionTitle('/no/such/page')).toBeUndefined();
  });
});
