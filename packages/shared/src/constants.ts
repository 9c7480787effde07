/** Business constants of the specification, shared by the API and the web app. */

export const REQUEST_TIMEOUT_MS = 10_000;

export const PAGE_SIZES = {
  locations: 10,
  inventory: 10,
  catalogue: 10,
  users: 10,
  invoices: 10,
  rentals: 10,
  rentalRequests: 10,
  rentalRequestChoices: [10, 20, 30, 50],
  notifications: 10,
  notificationChoices: [10, 20, 50],
  activityLogs: 15,
  emailOutbox: 10,
  staff: 10,
  attendance: 10,
  dashboardLowStock: 10,
} as const;

/** The largest page any list endpoint will return. */
export const MAX_PAGE_LIMIT = 100;

export const UNREAD_BADGE_CAP = 9;

export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

/**
 * Sign-in throttling defaults (docs/decisions/008-sign-in-throttling.md): failed password checks
 * allowed per key and window before 429. The API's LOGIN_* variables override them.
 */
export const LOGIN_RATE_LIMIT = {
  /** One account from one address, since that pair's last success: always applies. */
  perAccountAndAddress: 5,
  /** One account from every address, since its last success: refuses addresses new to the account. */
  perAccount: 10,
  /** One address for every account: refuses accounts new to the address. */
  perAddress: 20,
  windowSeconds: 15 * 60,
  /** How long a successful sign-in makes an address known to that account. */
  knownAddressDays: 30,
} as const;

export type LoginRateLimit = { [K in keyof typeof LOGIN_RATE_LIMIT]: number };

export const THEME_STORAGE_KEY = 'theme';
/** Compact Mode is kept on the device under this key ('true' or absent), like the theme. */
export const COMPACT_MODE_STORAGE_KEY = 'compactMode';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

/** Paths where a 401 does not send the browser to /login. */
export const PUBLIC_PATHS = ['/login', '/forgot-password', '/register'] as const;

export const DASHBOARD_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'today';

/**
 * The toast of a list's location filter that could not load its options (02 section 8). Here,
 * not beside the location schemas: the filter is part of every list's shell, and importing it
 * from there built those schemas on every page's start.
 */
export const LOCATION_FILTER_LOAD_FAILED = 'Could not load locations for filtering.';
