import { MESSAGES } from './errors';

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
 * Who may call an API route: `public` needs no session; otherwise the listed roles are let in, and
 * a USER also when their account carries `flag`. `scoped` says a USER's reads and writes through
 * the route are limited to their own location (another location's record is 404, a write naming
 * another location 403): the services enforce it with one helper, the authorization tests check it.
 */
export type ApiRule = {
  public?: true;
  roles: readonly Role[];
  flag?: PermissionFlag;
  scoped?: true;
  /**
   * Open to an admin who must still set up two-factor sign-in (the company requires it): every
   * other route refuses them with TWO_FACTOR_SETUP_REQUIRED until they have.
   */
  whileEnrolling?: true;
  /** Only the caller's own account, whatever their role (another's is 403). */
  own?: true;
};

const PUBLIC: ApiRule = { public: true, roles: [] };
const SIGNED_IN: ApiRule = { roles: ['ADMIN', 'USER'] };
const ADMIN_ONLY: ApiRule = { roles: ['ADMIN'] };
const flagged = (flag: PermissionFlag): ApiRule => ({ roles: ['ADMIN'], flag, scoped: true });

/**
 * Every API route, by method and path as Fastify registers it. A route that is not here does not
 * start (the auth plugin refuses to register it); the authorization matrix test reads it too.
 */
export const API_ACCESS = {
  'GET /api/health': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/logout': { ...SIGNED_IN, whileEnrolling: true },
  'GET /api/auth/profile': { ...SIGNED_IN, whileEnrolling: true },
  // Two-factor sign-in: every user manages their own on Settings (PRODUCT-DECISIONS.md,
  // "Everyone's own account").
  'POST /api/auth/login/2fa': PUBLIC,
  'POST /api/auth/2fa/setup': { ...SIGNED_IN, whileEnrolling: true },
  'POST /api/auth/2fa/enable': { ...SIGNED_IN, whileEnrolling: true },
  'POST /api/auth/2fa/disable': SIGNED_IN,

  'GET /api/locations/list': flagged('viewLocations'),
  'GET /api/locations/export': flagged('viewLocations'),
  'GET /api/locations/active': flagged('viewLocations'),
  // The names that pickers need (a transfer's destination, filters): open to every signed-in user.
  'GET /api/locations/options': SIGNED_IN,
  'GET /api/locations/type/:type': flagged('viewLocations'),
  'GET /api/locations/:id': flagged('viewLocations'),
  'GET /api/locations/:id/stats': flagged('viewLocations'),
  // What is on hire at a site, and its statement as a PDF: a field manager's own site's.
  'GET /api/locations/:id/on-hire': { ...SIGNED_IN, scoped: true },
  'GET /api/locations/:id/on-hire/pdf': { ...SIGNED_IN, scoped: true },
  // E-mailing the statement to the site's customer: an admin's, as the hire so far is.
  'POST /api/locations/:id/on-hire/send': ADMIN_ONLY,
  'POST /api/locations/create': ADMIN_ONLY,
  'PUT /api/locations/update/:id': flagged('manageLocations'),
  'DELETE /api/locations/remove/:id': ADMIN_ONLY,
  // A site's customer's own hire rates: an admin's.
  'GET /api/locations/:id/rates': ADMIN_ONLY,
  'PUT /api/locations/:id/rates/:materialTypeId': ADMIN_ONLY,
  'DELETE /api/locations/:id/rates/:materialTypeId': ADMIN_ONLY,

  'GET /api/materials/list': flagged('viewInventory'),
  'GET /api/materials/export': flagged('viewInventory'),
  'GET /api/materials/low-stock': flagged('viewInventory'),
  'GET /api/materials/location/:id': flagged('viewInventory'),
  'GET /api/materials/detail/:id': flagged('viewInventory'),
  'GET /api/materials/:id/movements': flagged('viewInventory'),
  'POST /api/materials/create': flagged('manageInventory'),
  'PUT /api/materials/update/:id': flagged('manageInventory'),
  'DELETE /api/materials/remove/:id': ADMIN_ONLY,
  'PATCH /api/materials/:id/stock': flagged('manageInventory'),
  'POST /api/materials/:id/transfer': flagged('manageInventory'),
  // The repair stock: repaired back into stock, or scrapped.
  'POST /api/materials/:id/repair': flagged('manageInventory'),
  'POST /api/materials/:id/scrap': flagged('manageInventory'),
  // A stock-take: the count sheet, its upload's preview, and its confirmation.
  'GET /api/stock-takes/:locationId/sheet': flagged('manageInventory'),
  'POST /api/stock-takes/:locationId/preview': flagged('manageInventory'),
  'POST /api/stock-takes/:locationId': flagged('manageInventory'),
  // The same count made in the app: the sheet's rows as JSON, a JSON count's preview and its
  // confirmation.
  'GET /api/stock-takes/:locationId/materials': flagged('manageInventory'),
  'POST /api/stock-takes/:locationId/counts/preview': flagged('manageInventory'),
  'POST /api/stock-takes/:locationId/counts': flagged('manageInventory'),

  // The catalogue: an admin keeps it; whoever sees the inventory is offered its
  // active names when adding a material, so that a name is spelled once for the whole company.
  // Billing runs: an admin bills the hire of a period.
  'POST /api/billing/runs': ADMIN_ONLY,
  'GET /api/catalogue/list': ADMIN_ONLY,
  'GET /api/catalogue/export': ADMIN_ONLY,
  'GET /api/catalogue/categories': ADMIN_ONLY,
  'GET /api/catalogue/detail/:id': ADMIN_ONLY,
  'POST /api/catalogue/create': ADMIN_ONLY,
  'PUT /api/catalogue/update/:id': ADMIN_ONLY,
  'PATCH /api/catalogue/:id/status': ADMIN_ONLY,
  'GET /api/catalogue/options': flagged('viewInventory'),
  // A label's address (/m/<code>): whoever sees the inventory resolves a code, a
  // field manager to their own location's stock of the type.
  'GET /api/catalogue/by-code/:code': flagged('viewInventory'),
  // The labels an admin prints for material types and locations, with the addresses they encode.
  'GET /api/labels': ADMIN_ONLY,
  // Imports of the catalogue, stock, locations and staff: an admin's.
  'GET /api/imports/:kind/template': ADMIN_ONLY,
  'POST /api/imports/:kind/preview': ADMIN_ONLY,
  'POST /api/imports/:kind': ADMIN_ONLY,

  // The material picker of a form (an invoice's material usage): a location's materials with their
  // stock, every one of them; a USER's are their location's.
  'GET /api/materials/options': { ...SIGNED_IN, scoped: true },

  'GET /api/invoices': flagged('viewInvoices'),
  'GET /api/invoices/export': flagged('viewInvoices'),
  'GET /api/invoices/:id': flagged('viewInvoices'),
  'GET /api/invoices/:id/excel': flagged('viewInvoices'),
  'GET /api/invoices/:id/pdf': flagged('viewInvoices'),
  'GET /api/invoices/:id/e-invoice': flagged('viewInvoices'),
  'POST /api/invoices': flagged('manageInvoices'),
  'PUT /api/invoices/:id': flagged('manageInvoices'),
  'DELETE /api/invoices/:id': flagged('manageInvoices'),
  'PATCH /api/invoices/:id/status': flagged('manageInvoices'),
  'PATCH /api/invoices/:id/client': flagged('manageInvoices'),
  'POST /api/invoices/:id/convert-to-rental': flagged('manageInvoices'),
  // A credit note corrects a finalized invoice: an admin's.
  'POST /api/invoices/:id/credit-notes': ADMIN_ONLY,
  'GET /api/reports/invoice-job-type-summary': flagged('viewInvoices'),

  // Rental requests follow the role alone (PRODUCT-DECISIONS.md): a field manager asks for and
  // sees their location's requests; only an admin decides.
  'GET /api/rental-requests': { ...SIGNED_IN, scoped: true },
  'GET /api/rental-requests/export': { ...SIGNED_IN, scoped: true },
  'GET /api/rental-requests/:id': { ...SIGNED_IN, scoped: true },
  // The bulk form's picker: a request asks for stock from any active location (PRODUCT-DECISIONS,
  // "Requests ask for stock from anywhere"), so every signed-in user sees every active location's.
  'GET /api/rental-requests/materials': SIGNED_IN,
  'POST /api/rental-requests': { ...SIGNED_IN, scoped: true },
  'PATCH /api/rental-requests/:id/approve': ADMIN_ONLY,
  'PATCH /api/rental-requests/:id/reject': ADMIN_ONLY,
  'PATCH /api/rental-requests/:id/notes': ADMIN_ONLY,

  // Material rentals follow the role alone (PRODUCT-DECISIONS.md): a field manager sees the rentals
  // whose destination is their location and processes their returns; only an admin assigns, edits,
  // marks returned or deletes.
  'GET /api/material-rentals': { ...SIGNED_IN, scoped: true },
  'GET /api/material-rentals/export': { ...SIGNED_IN, scoped: true },
  'GET /api/material-rentals/stats': { ...SIGNED_IN, scoped: true },
  // The device's copy: a page of rentals with each one's returns, in one call.
  'GET /api/material-rentals/returns': { ...SIGNED_IN, scoped: true },
  'GET /api/material-rentals/:id': { ...SIGNED_IN, scoped: true },
  'GET /api/material-rentals/:id/returns': { ...SIGNED_IN, scoped: true },
  'POST /api/material-rentals/:id/returns': { ...SIGNED_IN, scoped: true },
  'POST /api/material-rentals': ADMIN_ONLY,
  'PUT /api/material-rentals/:id': ADMIN_ONLY,
  'DELETE /api/material-rentals/:id': ADMIN_ONLY,
  'POST /api/material-rentals/:id/mark-returned': ADMIN_ONLY,
  // Dates as they happened: an admin corrects a dispatch's or a return's day, and
  // re-rates a line, each with a reason the activity log keeps.
  'PATCH /api/material-rentals/:id/rental-date': ADMIN_ONLY,
  'PATCH /api/material-rentals/:id/returns/:returnId': ADMIN_ONLY,
  'PATCH /api/material-rentals/:id/items/:itemId/rates': ADMIN_ONLY,
  // Delivery and return notes follow the rentals: a field manager reads and signs
  // those of the rentals to their location (a delivery's destination, a return's source); an admin
  // corrects and e-mails them. A return's photos go with the return.
  'GET /api/movement-notes': { ...SIGNED_IN, scoped: true },
  'GET /api/movement-notes/:id': { ...SIGNED_IN, scoped: true },
  'GET /api/movement-notes/:id/pdf': { ...SIGNED_IN, scoped: true },
  'POST /api/movement-notes/:id/sign': { ...SIGNED_IN, scoped: true },
  'POST /api/movement-notes/:id/correct': ADMIN_ONLY,
  'POST /api/movement-notes/:id/email': ADMIN_ONLY,
  'POST /api/material-rentals/returns/:returnId/photos': { ...SIGNED_IN, scoped: true },
  'GET /api/material-rentals/returns/:returnId/photos/:photoId': { ...SIGNED_IN, scoped: true },

  // Staff and attendance (PRODUCT-DECISIONS.md, flags): a field manager's location with View
  // Attendance, changed with Manage Attendance; an admin reads and writes every location's.
  'GET /api/staff': flagged('viewAttendance'),
  'GET /api/staff/all/active': flagged('viewAttendance'),
  'GET /api/staff/export': flagged('viewAttendance'),
  'GET /api/staff/:id': flagged('viewAttendance'),
  'POST /api/staff': flagged('manageAttendance'),
  'PUT /api/staff/:id': flagged('manageAttendance'),
  'DELETE /api/staff/:id': flagged('manageAttendance'),
  'GET /api/attendance': flagged('viewAttendance'),
  'GET /api/attendance/export': flagged('viewAttendance'),
  'GET /api/attendance/staff/:staffId': flagged('viewAttendance'),
  'GET /api/attendance/staff/:staffId/overview': flagged('viewAttendance'),
  'POST /api/attendance': flagged('manageAttendance'),
  'PUT /api/attendance/:id': flagged('manageAttendance'),

  'GET /api/users/getAll': flagged('viewUsers'),
  'GET /api/users/export': flagged('viewUsers'),
  'GET /api/users/detail/:id': flagged('viewUsers'),
  'GET /api/users/role/:role': flagged('viewUsers'),
  'GET /api/users/location/:id': flagged('viewUsers'),
  'POST /api/users/register': flagged('manageUsers'),
  'PUT /api/users/update/:id': flagged('manageUsers'),
  'DELETE /api/users/remove/:id': ADMIN_ONLY,
  'PATCH /api/users/:id/toggle-status': flagged('manageUsers'),
  'PATCH /api/users/:id/permissions': flagged('manageUsers'),
  'PATCH /api/users/:id/reset-password': flagged('manageUsers'),
  'PATCH /api/users/:id/change-password': { ...SIGNED_IN, own: true },
  // Settings: one company profile (an admin saves it). Every user, a field manager too, sets
  // their own switches (PRODUCT-DECISIONS.md, "Everyone's own account"): the call changes the
  // caller's alone.
  'GET /api/users/company': SIGNED_IN,
  'PUT /api/users/company': ADMIN_ONLY,
  // The company's sign-in rule: Require two-factor sign-in for admins.
  'GET /api/users/security': ADMIN_ONLY,
  'PUT /api/users/security': ADMIN_ONLY,
  'GET /api/users/:id/notification-settings': { ...SIGNED_IN, own: true },
  // The money settings: currency, VAT, payment terms, document numbers, work rates.
  'GET /api/settings/billing': ADMIN_ONLY,
  'PUT /api/settings/billing': ADMIN_ONLY,
  'GET /api/settings/work-rates': ADMIN_ONLY,
  'PUT /api/settings/work-rates': ADMIN_ONLY,
  'PUT /api/users/notifications': SIGNED_IN,

  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/mark-all-read': SIGNED_IN,
  'PATCH /api/notifications/:id/read': SIGNED_IN,
  'DELETE /api/notifications/:id': SIGNED_IN,

  'GET /api/activity-logs/list': ADMIN_ONLY,

  // The e-mail outbox: the mail not delivered, and sending one again.
  'GET /api/email-outbox': ADMIN_ONLY,
  'POST /api/email-outbox/:id/retry': ADMIN_ONLY,

  // The dashboard follows the role alone (PRODUCT-DECISIONS.md): a field manager's figures are
  // their location's; the admin's cards (and the Low Stock Items) are the admin's.
  'GET /api/users/dashboard-stats': { ...SIGNED_IN, scoped: true },
  'GET /api/users/dashboard-counts': { ...SIGNED_IN, scoped: true },
  'GET /api/users/admin-stats': ADMIN_ONLY,
  'GET /api/dashboard/user-stats': { ...SIGNED_IN, scoped: true },
} as const satisfies Record<string, ApiRule>;
export type ApiRoute = keyof typeof API_ACCESS;

/** The rule of a route as Fastify names it (`GET /api/materials/detail/:id`), if the table has one. */
export function apiRule(method: string, url: string): ApiRule | undefined {
  return (API_ACCESS as Record<string, ApiRule>)[`${method.toUpperCase()} ${url}`];
}

/** Whether a signed-in user passes a rule's role and flag (their location is checked by the service). */
export function mayUse(actor: Actor, rule: ApiRule): boolean {
  if (rule.public || hasRole(actor.role, rule.roles)) return true;
  return (
    normalizeRole(actor.role) === 'USER' &&
    rule.flag !== undefined &&
    actor.permissions?.[rule.flag] === true
  );
}

/** Whether a user may call a route of the table: what the web asks before it offers an action. */
export function can(actor: Actor, route: ApiRoute): boolean {
  return mayUse(actor, API_ACCESS[route]);
}

/**
 * What a user may do to the records a route reaches, beyond the route itself (PRODUCT-DECISIONS.md,
 * "Roles and permission flags"): the web asks before it offers a field or a row's actions; the
 * services enforce the same (lib/location-scope.ts, users.rules.ts).
 */
export type LocatedActor = Actor & { locationId?: number | null };

/** The one location a user works at, or null for an admin, who works at every location. */
export function ownLocation(actor: LocatedActor): number | null {
  return normalizeRole(actor.role) === 'ADMIN' ? null : (actor.locationId ?? 0);
}

/** viewInventory -> View Inventory: how a flag is named on screen and in messages. */
export const PERMISSION_LABELS = Object.fromEntries(
  PERMISSION_FLAGS.map((flag) => {
    const words = flag.replace(/([A-Z])/g, ' $1');
    return [flag, words.charAt(0).toUpperCase() + words.slice(1)];
  }),
) as Record<PermissionFlag, string>;

/** Why a field manager may not change an account (or write it as they sent it). */
export const ACCOUNT_LIMITS = {
  admin: "A field manager cannot change an admin's account.",
  role: 'Only an admin can choose a role.',
  flag: 'You cannot grant a permission you do not have.',
} as const;

/** A peer who holds a flag the field manager lacks: their account is the admin's to change. */
export function strongerPeerMessage(missing: readonly PermissionFlag[]): string {
  const names = missing.map((flag) => PERMISSION_LABELS[flag]).join(', ');
  return `This user holds permissions you do not have (${names}). Only an admin can change their account or reset their password.`;
}

export type AccountTarget = {
  role: string;
  locationId: number | null;
  permissions: Partial<Permissions>;
};

/**
 * Why the user may not edit, reset, activate or deactivate an account, or null when they may
 * (PRODUCT-DECISIONS.md, "Roles and permission flags"): an admin any; a field manager the USER
 * accounts of their location whose flags are all among their own. The services enforce it
 * (users.rules.ts, where another location's account is 404); the Users page offers no action it
 * refuses.
 */
export function accountRefusal(actor: LocatedActor, target: AccountTarget): string | null {
  const scope = ownLocation(actor);
  if (scope === null) return null;
  if (target.locationId !== scope) return MESSAGES.otherLocation;
  if (normalizeRole(target.role) !== 'USER') return ACCOUNT_LIMITS.admin;
  const missing = PERMISSION_FLAGS.filter(
    (flag) => target.permissions[flag] === true && !hasPermission(actor, flag),
  );
  return missing.length > 0 ? strongerPeerMessage(missing) : null;
}

/** Whose account the user may change (`accountRefusal` has none). */
export function mayManageAccount(actor: LocatedActor, target: AccountTarget): boolean {
  return accountRefusal(actor, target) === null;
}

/** The roles the user may give an account: a field manager makes field managers only. */
export function assignableRoles(actor: Actor): Role[] {
  return normalizeRole(actor.role) === 'ADMIN' ? [...ROLES] : ['USER'];
}

/** The flags the user may turn on for an account: the ones they hold themselves. */
export function grantableFlags(actor: Actor): PermissionFlag[] {
  return PERMISSION_FLAGS.filter((flag) => hasPermission(actor, flag));
}

/** Only an admin opens or closes a location; Manage Locations edits its details. */
export function mayChangeLocationStatus(actor: Actor): boolean {
  return normalizeRole(actor.role) === 'ADMIN';
}

/**
 * Only an admin says whom a site bills and whether with VAT: a site's field
 * manager with Manage Locations edits its name and address, not its customer.
 * @alias of mayChangeLocationStatus today, named for what it decides.
 */
export const mayChangeSiteCustomer = mayChangeLocationStatus;

/**
 * The route table (03 section 2.1). A route joins this table when its page is built.
 * `name` and `icon` make it a sidebar entry; `title` names the section in the header.
 */
export type RouteIcon =
  | 'dashboard'
  | 'locations'
  | 'inventory'
  | 'catalogue'
  | 'imports'
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
  /** A USER whose account carries this flag may open the page too, for their location only. */
  flag?: PermissionFlag;
  title: string;
  name?: string;
  icon?: RouteIcon;
};

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', roles: ['ADMIN', 'USER'], title: 'Dashboard', name: 'Dashboard', icon: 'dashboard' },
  {
    path: '/locations',
    roles: ['ADMIN'],
    flag: 'viewLocations',
    title: 'Locations',
    name: 'Locations',
    icon: 'locations',
  },
  {
    path: '/inventory',
    roles: ['ADMIN'],
    flag: 'viewInventory',
    title: 'Inventory',
    name: 'Inventory',
    icon: 'inventory',
  },
  {
    path: '/catalogue',
    roles: ['ADMIN'],
    title: 'Catalogue',
    name: 'Catalogue',
    icon: 'catalogue',
  },
  {
    path: '/imports',
    roles: ['ADMIN'],
    title: 'Import',
    name: 'Import',
    icon: 'imports',
  },
  // Labels to print, and the addresses their QR codes open.
  { path: '/labels', roles: ['ADMIN'], title: 'Labels' },
  { path: '/m/:code', roles: ['ADMIN'], flag: 'viewInventory', title: 'Inventory' },
  { path: '/l/:id', roles: ['ADMIN'], flag: 'viewInventory', title: 'Inventory' },
  // The single form (PRODUCT-DECISIONS.md: the route table's inventory/rental-request).
  { path: '/inventory/rental-request', roles: ['ADMIN', 'USER'], title: 'Rental Requests' },
  {
    path: '/rental-requests',
    roles: ['ADMIN', 'USER'],
    title: 'Rental Requests',
    name: 'Rental Requests',
    icon: 'rental-requests',
  },
  { path: '/requests/bulk/new', roles: ['ADMIN', 'USER'], title: 'Rental Requests' },
  { path: '/requests/:id', roles: ['ADMIN', 'USER'], title: 'Rental Requests' },
  {
    path: '/material-rentals',
    roles: ['ADMIN', 'USER'],
    title: 'Material Rentals',
    name: 'Material Rentals',
    icon: 'material-rentals',
  },
  {
    path: '/users',
    roles: ['ADMIN'],
    flag: 'viewUsers',
    title: 'Users',
    name: 'Users',
    icon: 'users',
  },
  {
    path: '/invoices',
    roles: ['ADMIN'],
    flag: 'viewInvoices',
    title: 'Invoices',
    name: 'Invoices',
    icon: 'invoices',
  },
  { path: '/invoices/generate', roles: ['ADMIN'], flag: 'manageInvoices', title: 'Invoices' },
  // Billing runs: an admin bills the hire of a period.
  { path: '/invoices/billing', roles: ['ADMIN'], title: 'Invoices' },
  { path: '/invoices/edit/:id', roles: ['ADMIN'], flag: 'manageInvoices', title: 'Invoices' },
  { path: '/invoices/:id/items', roles: ['ADMIN'], flag: 'manageInvoices', title: 'Invoices' },
  { path: '/invoices/:id/item-list', roles: ['ADMIN'], flag: 'viewInvoices', title: 'Invoices' },
  {
    path: '/reports/invoice-job-type-summary',
    roles: ['ADMIN'],
    flag: 'viewInvoices',
    title: 'Job Type Summary',
  },
  // The field manager's screens (03 section 2.1: user only), with View Attendance.
  {
    path: '/staff',
    roles: [],
    flag: 'viewAttendance',
    title: 'Staff',
    name: 'Staff',
    icon: 'staff',
  },
  {
    path: '/attendance',
    roles: [],
    flag: 'viewAttendance',
    title: 'Attendance',
    name: 'Attendance',
    icon: 'attendance',
  },
  { path: '/attendance/:staffId', roles: [], flag: 'viewAttendance', title: 'Attendance' },
  // Reached from the bell's View all notifications; the spec's side menu has no entry for it.
  { path: '/notifications', roles: ['ADMIN', 'USER'], title: 'Notifications' },
  {
    path: '/settings',
    roles: ['ADMIN', 'USER'],
    title: 'Settings',
    name: 'Settings',
    icon: 'settings',
  },
  {
    path: '/admin/activity-tracking',
    roles: ['ADMIN'],
    title: 'Activity Tracking',
    name: 'Activity',
    icon: 'activity',
  },
];

/** Whether a user may open a page: by role, or as a USER by the page's flag. */
export function mayOpen(actor: Actor | null | undefined, route: RouteEntry): boolean {
  if (!actor) return false;
  return mayUse(actor, { roles: route.roles, flag: route.flag });
}

/** Sidebar entries for a user: those with a name and an icon that the user may open. */
export function sidebarRoutes(actor: Actor | null | undefined): RouteEntry[] {
  return ROUTES.filter((r) => r.name && r.icon && mayOpen(actor, r));
}

function routeMatches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

export function findRoute(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => routeMatches(r.path, pathname));
}

/** The header's section name: the route's title; undefined for a path no route has (the 404). */
export function sectionTitle(pathname: string): string | undefined {
  return findRoute(pathname)?.title;
}
