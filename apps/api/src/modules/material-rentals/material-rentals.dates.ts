import {
  localToday,
  MOVEMENT_DATE_MESSAGES,
  movementDateRefusal,
  normalizeRole,
} from '@stockyard/shared';
import type { Actor } from '../../lib/actor';
import { badRequest } from '../../lib/app-error';

/**
 * Dates as they happened (decision 048): the day a dispatch or a return says, checked
 * against today on the company's calendar (the server's), the rental's own days and who enters
 * it. A refused day is 400 on its field.
 */

const isAdmin = (actor: Actor) => normalizeRole(actor.user.role) === 'ADMIN';

function refuse(field: string, refusal: string | null) {
  if (refusal) throw badRequest(refusal, [{ path: field, message: refusal }]);
}

/** The day the material left: the one sent, else today. */
export function dispatchDay(actor: Actor, sent: string | undefined): string {
  const today = localToday();
  const day = sent ?? today;
  refuse('rentalDate', movementDateRefusal(day, { today, admin: isAdmin(actor) }));
  return day;
}

/** The day the hire of what came back ended: the one sent, else today; never before the dispatch. */
export function returnDay(actor: Actor, dispatched: string, sent: string | undefined): string {
  const today = localToday();
  const day = sent ?? today;
  refuse(
    'returnDate',
    movementDateRefusal(day, {
      today,
      admin: isAdmin(actor),
      notBefore: { date: dispatched, message: MOVEMENT_DATE_MESSAGES.beforeDispatch(dispatched) },
    }),
  );
  return day;
}
