/**
 * The kinds of notification. A module of their own: the notification's schema
 * (schemas/notifications.ts) and the routing of notifications (notifications.ts) both read them.
 */
export const NOTIFICATION_TYPES = [
  'NEW_USER',
  'NEW_MATERIAL',
  'LOW_STOCK',
  'OUT_OF_STOCK',
  'LOGIN',
  'RENTAL_ALERT',
  'MATERIAL_RENTED',
  'MATERIAL_RETURNED',
  'NEW_MATERIAL_REQUEST',
  'MATERIAL_TRANSFERRED',
  /** An admin approved or rejected a rental request: its requester hears of it. */
  'MATERIAL_REQUEST_DECIDED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
