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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Socket events, typed for both ends. */
export type ServerToClientEvents = {
  notification: (notification: {
    id: number;
    type: NotificationType;
    message: string;
    read: boolean;
    createdAt: string;
  }) => void;
};
export type ClientToServerEvents = Record<string, never>;

export const notificationRoom = (userId: number) => `notification:${userId}`;
