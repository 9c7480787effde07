import {
  localToday,
  MOVEMENT_DATE_MESSAGES,
  movementDateRefusal,
  normalizeRole,
} from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest } from '../../lib/app-error';

/**
 * Dates as they happened (issue 49, decision 048): the day a dispatch or a return says, checked
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

/** The day of a rental's latest return (yyyy-MM-dd), or null when it has none. */
export async function latestReturnDay(db: DbExecutor, rentalId: number): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(sql`
    select to_char(max(return_date), 'YYYY-MM-DD') as day
      from material_rental_returns where rental_id = ${rentalId}`);
  return result.rows[0]?.day ?? null;
}

/** The day of a rental's first return (yyyy-MM-dd), or null when it has none. */
export async function firstReturnDay(db: DbExecutor, rentalId: number): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(sql`
    select to_char(min(return_date), 'YYYY-MM-DD') as day
      from material_rental_returns where rental_id = ${rentalId}`);
  return result.rows[0]?.day ?? null;
}
