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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification as the API answers it and as the socket pushes it. */
export type NotificationItem = {
  id: number;
  type: NotificationType;
  message: string;
  read: boolean;
  createdAt: string;
};

/** The answer of GET /notifications (inside `data`). */
export type NotificationsPage = {
  notifications: NotificationItem[];
  totalPages: number;
  currentPage: number;
  totalNotifications: number;
  /** Unread notifications of the user, whatever the filters: the bell's badge. */
  unreadCount: number;
};

/** Socket events, typed for both ends. */
export type ServerToClientEvents = {
  notification: (notification: NotificationItem) => void;
  /** The user's account changed (role, flags, location, status): fetch the profile again. */
  'account:changed': () => void;
};
export type ClientToServerEvents = Record<string, never>;

export const notificationRoom = (userId: number) => `notification:${userId}`;
