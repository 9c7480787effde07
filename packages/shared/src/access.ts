/**
 * Who may do what: roles, permission flags, the route table and the API access table.
 * The sidebar, the client routes and the server guards all read from here.
 */

export const ROLES = ['ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  USER: 'Field Manager',
};

export const PERMISSION_FLAGS = [
  'viewInventory',
  'manageInventory',
  'viewLocations',
  'manageLocations',
  'viewUsers',
  'manageUsers',
  'viewInvoices',
  'manageInvoices',
  'viewAttendance',
  'manageAttendance',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type Permissions = Record<PermissionFlag, boolean>;

export const DEFAULT_PERMISSIONS: Permissions = {
  viewInventory: true,
  manageInventory: false,
  viewLocations: true,
  manageLocations: false,
  viewUsers: false,
  manageUsers: false,
  viewInvoices: true,
  manageInvoices: false,
  viewAttendance: true,
  manageAttendance: false,
};

export const ALL_PERMISSIONS: Permissions = Object.fromEntries(
  PERMISSION_FLAGS.map((flag) => [flag, true]),
) as Permissions;

/** Normalises a role as stored or sent by any client; roles compare case-insensitively. */
export function normalizeRole(role: string | null | undefined): Role | null {
  const upper = (role ?? '').trim().toUpperCase();
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : null;
}

export function hasRole(role: string | null | undefined, allowed: readonly string[]): boolean {
  const normalized = normalizeRole(role);
  return normalized !== null && allowed.some((r) => r.toUpperCase() === normalized);
}

export type Actor = {
  role: string;
  permissions?: Partial<Permissions> | null;
};

/** An ADMIN has every flag; a USER has the ones set on their account. */
export function hasPermission(actor: Actor, flag: PermissionFlag): boolean {
  if (normalizeRole(actor.role) === 'ADMIN') return true;
  return actor.permissions?.[flag] === true;
}

/**
 * The API access table. A rule lets the listed roles in; a USER is also let in
 * when the rule names a flag the account carries.
 */
export type AccessRule = { roles: readonly Role[]; userFlag?: PermissionFlag };

export const ACCESS = {
  'locations.read': { roles: ['ADMIN'], userFlag: 'viewLocations' },
  'locations.write': { roles: ['ADMIN'] },
  'materials.read': { roles: ['ADMIN'], userFlag: 'viewInventory' },
  'materials.write': { roles: ['ADMIN'] },
  'users.admin': { roles: ['ADMIN'] },
  'activity.read': { roles: ['ADMIN'] },
} as const satisfies Record<string, AccessRule>;
export type AccessAction = keyof typeof ACCESS;

export function can(actor: Actor, action: AccessAction): boolean {
  const rule: AccessRule = ACCESS[action];
  if (hasRole(actor.role, rule.roles)) return true;
  return (
    normalizeRole(actor.role) === 'USER' &&
    rule.userFlag !== undefined &&
    actor.permissions?.[rule.userFlag] === true
  );
}

/**
 * The route table (03 section 2.1). A route joins this table when its page is built.
 * `name` and `icon` make it a sidebar entry; `title` names the section in the header.
 */
export type RouteIcon =
  | 'dashboard'
  | 'locations'
  | 'inventory'
  | 'rental-requests'
  | 'material-rentals'
  | 'users'
  | 'invoices'
  | 'staff'
  | 'attendance'
  | 'settings'
  | 'activity'
  | 'notifications';

export type RouteEntry = {
  path: string;
  roles: readonly Role[];
  title: string;
  name?: string;
  icon?: RouteIcon;
};

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', roles: ['ADMIN', 'USER'], title: 'Dashboard', name: 'Dashboard', icon: 'dashboard' },
  {
    path: '/locations',
    roles: ['ADMIN'],
    title: 'Locations',
    name: 'Locations',
    icon: 'locations',
  },
  {
    path: '/inventory',
    roles: ['ADMIN'],
    title: 'Inventory',
    name: 'Inventory',
    icon: 'inventory',
  },
  { path: '/users', roles: ['ADMIN'], title: 'Users', name: 'Users', icon: 'users' },
  // Reached from the bell's View all notifications; the spec's side menu has no entry for it.
  { path: '/notifications', roles: ['ADMIN', 'USER'], title: 'Notifications' },
  {
    path: '/admin/activity-tracking',
    roles: ['ADMIN'],
    title: 'Activity Tracking',
    name: 'Activity',
    icon: 'activity',
  },
];

/** Sidebar entries for a role: those with a name, an icon and the role among their roles. */
export function sidebarRoutes(role: string | null | undefined): RouteEntry[] {
  return ROUTES.filter((r) => r.name && r.icon && hasRole(role, r.roles));
}

function routeMatches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

export function findRoute(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => routeMatches(r.path, pathname));
}

/** The header's section name: the route's title, else Dashboard. */
export function sectionTitle(pathname: string): string {
  return findRoute(pathname)?.title ?? 'Dashboard';
}
