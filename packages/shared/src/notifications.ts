import type { PermissionFlag } from './access';
import { type ErrorCode, MESSAGES } from './errors';
import type { NotificationType } from './notification-types';
import type { NotificationItem } from './schemas/notifications';
import type { NotificationSwitch } from './schemas/settings';

/**
 * Who receives which notification type, in one table (ARCHITECTURE section 7):
 * - `audience`: `LOCATION` goes to the admins and to the field managers of the location the event
 *   concerns (and of its second location, a transfer's destination); `NAMED` to the accounts the
 *   event names (LOGIN to the account itself, a request's decision to its requester), else to
 *   the admins alone.
 * - `flag`: the view flag a recipient needs (PRODUCT-DECISIONS.md, roles and flags): a notice goes
 *   only to those who may open the screen it is about (admins hold every flag). A type without
 *   one follows the role alone, as its screen does.
 * - `switch`: the Settings switch that lets it through: with it off, the user
 *   receives none of these (neither in the bell nor by e-mail). A type without one has none.
 */
type NotificationRoute = {
  audience: 'LOCATION' | 'NAMED';
  flag?: PermissionFlag;
  switch?: NotificationSwitch;
};

export const NOTIFICATION_ROUTING: Record<NotificationType, NotificationRoute> = {
  NEW_USER: { audience: 'LOCATION', flag: 'viewUsers' },
  NEW_MATERIAL: { audience: 'LOCATION', flag: 'viewInventory' },
  LOW_STOCK: { audience: 'LOCATION', flag: 'viewInventory', switch: 'lowStockAlerts' },
  OUT_OF_STOCK: { audience: 'LOCATION', flag: 'viewInventory', switch: 'lowStockAlerts' },
  LOGIN: { audience: 'NAMED', switch: 'loginAlerts' },
  RENTAL_ALERT: { audience: 'LOCATION', switch: 'rentalAlerts' },
  MATERIAL_RENTED: { audience: 'LOCATION' },
  MATERIAL_RETURNED: { audience: 'LOCATION' },
  NEW_MATERIAL_REQUEST: { audience: 'LOCATION', switch: 'rentalAlerts' },
  MATERIAL_TRANSFERRED: { audience: 'LOCATION', flag: 'viewInventory' },
  MATERIAL_REQUEST_DECIDED: { audience: 'NAMED' },
};

/**
 * A notification as the socket pushes it: with the user whose action caused it (null for events
 * nobody did here, such as a sign-in notice), so that the actor's app, which already said so with
 * its own success toast, does not toast the same event twice.
 */
export type LiveNotification = NotificationItem & { actorId: number | null };

/**
 * The kinds of records whose changes the socket tells of (`changed`), so that an open list or
 * detail reads them again: which kinds changed, never which records nor how.
 */
export const LIVE_TOPICS = [
  'requests',
  'rentals',
  'stock',
  'invoices',
  'staff',
  'attendance',
  'users',
  'locations',
  'company',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * Why an admin ended all of a user's sessions: pushed to that user's open screens
 * (`session:ended`), which go to the sign-in page saying so.
 */
export const SESSION_END_REASONS = ['deactivated', 'deleted'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
/** What the sign-in page says after a session was ended for each reason. */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  deactivated: MESSAGES.accountDeactivated,
  deleted: MESSAGES.accountDeleted,
};
/** The code of the 401 a session's next call gets, when its account ended it for this reason. */
export const SESSION_END_CODES = {
  deactivated: 'SESSION_ENDED_DEACTIVATED',
  deleted: 'SESSION_ENDED_DELETED',
} as const satisfies Record<SessionEndReason, ErrorCode>;
/** The reason a refusal's code gives for the end of its session, or null when it gives none. */
export function sessionEndReasonOf(code: unknown): SessionEndReason | null {
  return SESSION_END_REASONS.find((reason) => SESSION_END_CODES[reason] === code) ?? null;
}

/** Socket events, typed for both ends. */
export type ServerToClientEvents = {
  notification: (notification: LiveNotification) => void;
  /** The user's account changed (role, flags, location, status): fetch the profile again. */
  'account:changed': () => void;
  /** Records of these kinds changed (anyone's write, committed): what shows them reads again. */
  changed: (topics: LiveTopic[]) => void;
  /** This session was ended by an admin, for this reason; the socket is disconnected next. */
  'session:ended': (reason: SessionEndReason) => void;
};
export type ClientToServerEvents = Record<string, never>;

export const notificationRoom = (userId: number) => `notification:${userId}`;

/** `?name=value` of the numbers and texts given, or nothing when none is. */
function queryOf(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if ((typeof value === 'number' && Number.isInteger(value)) || typeof value === 'string')
      search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The page of the app a notification is about, from its type and data: what a click on it opens
 * and where its e-mail links to. A record with a page of its own opens it (a request); the others
 * open their list, filtered to where it happened (the location's stock or rentals) or to the
 * record (a new user by their e-mail). A field manager's list stays at their own location.
 */
export function notificationPath(
  type: NotificationType,
  data: Record<string, unknown> | null | undefined,
): string {
  switch (type) {
    case 'NEW_MATERIAL_REQUEST':
    case 'MATERIAL_REQUEST_DECIDED':
      return typeof data?.rentalRequestId === 'number'
        ? `/requests/${data.rentalRequestId}`
        : '/rental-requests';
    case 'MATERIAL_RENTED':
    case 'MATERIAL_RETURNED':
    case 'RENTAL_ALERT':
      return `/material-rentals${queryOf({ location: data?.toLocationId })}`;
    case 'NEW_MATERIAL':
    case 'LOW_STOCK':
    case 'OUT_OF_STOCK':
      return `/inventory${queryOf({ location: data?.locationId })}`;
    case 'MATERIAL_TRANSFERRED':
      return `/inventory${queryOf({ location: data?.toLocationId })}`;
    case 'NEW_USER':
      return `/users${queryOf({ search: data?.email })}`;
    case 'LOGIN':
      return '/settings';
  }
}
