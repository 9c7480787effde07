import { LOCATION_STATUS_LABELS, LOCATION_TYPE_LABELS } from './locations';
import { MATERIAL_UNIT_LABELS } from './materials';
import type { NotificationType } from './notification-types';
import { ATTENDANCE_STATUS_LABELS, STAFF_STATUS_LABELS } from './staff-codes';

/**
 * Words for every code people read: a code is stored and sent as it is
 * (EACH, HALF_DAY, MATERIAL_REQUEST_DECIDED), and shown, written in a notification or a note, in
 * these words. One map for all of them, built from each field's own labels.
 */

/** A notification's type as the notifications list and its filter name it: "new material" (03 section 2.5). */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  NEW_USER: 'new user',
  NEW_MATERIAL: 'new material',
  LOW_STOCK: 'low stock',
  OUT_OF_STOCK: 'out of stock',
  LOGIN: 'login',
  RENTAL_ALERT: 'rental alert',
  MATERIAL_RENTED: 'material rented',
  MATERIAL_RETURNED: 'material returned',
  NEW_MATERIAL_REQUEST: 'new material request',
  MATERIAL_TRANSFERRED: 'material transferred',
  MATERIAL_REQUEST_DECIDED: 'material request decided',
};

/** Every code's words, by code. */
export const CODE_LABELS: Readonly<Record<string, string>> = {
  ...LOCATION_TYPE_LABELS,
  ...LOCATION_STATUS_LABELS,
  ...STAFF_STATUS_LABELS,
  ...ATTENDANCE_STATUS_LABELS,
  ...NOTIFICATION_TYPE_LABELS,
  ...MATERIAL_UNIT_LABELS,
};

/**
 * A code as people read it: its label ("EACH" → "Each", "HALF_DAY" → "Half Day"); a code the map
 * does not know in words of its own ("SOME_CODE" → "Some code"); text that is no code as it is.
 */
export function labelOf(code: string | null | undefined): string {
  if (code === null || code === undefined) return '';
  const label = CODE_LABELS[code];
  if (label !== undefined) return label;
  if (!/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(code)) return code;
  const words = code.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
