import {
  localToday,
  MOVEMENT_DATE_MESSAGES,
  movementDateRefusal,
  normalizeRole,
  scrapShares,
} from '@stockyard/shared';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest } from '../../lib/app-error';
import * as repo from './repair-dates.repository';
import { repairMovementsWithReturnDays } from './repair-dates.repository';

/**
 * The latest day of the damaged returns whose units a scrap of `quantity` units of this
 * material's repair stock would write off now (first in, first out: decision 044), or null when
 * it writes off none that is known.
 */
async function latestDamagedReturnScrapped(
  db: DbExecutor,
  materialId: number,
  quantity: number,
): Promise<string | null> {
  const result = await repairMovementsWithReturnDays(db, materialId);
  const days = new Map<number, string>();
  const movements = result.rows.map((row) => {
    if (row.return_id !== null && row.day !== null) days.set(row.return_id, row.day);
    return {
      id: Number(row.id),
      units: Math.round(Number(row.units)),
      scrapped: row.reason === 'SCRAPPED',
      returnId: row.return_id,
    };
  });
  const probe = { id: -1, units: -quantity, scrapped: true, returnId: null };
  let latest: string | null = null;
  for (const share of scrapShares([...movements, probe])) {
    if (share.movementId !== -1 || share.returnId === null) continue;
    const day = days.get(share.returnId);
    if (day && (latest === null || day > latest)) latest = day;
  }
  return latest;
}

/**
 * The day a repair or a scrap happened: the one sent, else today; never in the
 * future, a field manager's at most 7 days back, a scrap never before the damaged return it
 * writes off. A refused day is 400 on `occurredOn`.
 */
export async function repairDay(
  db: DbExecutor,
  actor: Actor,
  materialId: number,
  input: { quantity: number; occurredOn?: string },
  outcome: 'REPAIRED' | 'SCRAPPED',
): Promise<string> {
  const today = localToday();
  const day = input.occurredOn ?? today;
  const damaged =
    outcome === 'SCRAPPED'
      ? await latestDamagedReturnScrapped(db, materialId, input.quantity)
      : null;
  const refusal = movementDateRefusal(day, {
    today,
    admin: normalizeRole(actor.user.role) === 'ADMIN',
    notBefore: damaged
      ? { date: damaged, message: MOVEMENT_DATE_MESSAGES.beforeDamage(damaged) }
      : null,
  });
  if (refusal) throw badRequest(refusal, [{ path: 'occurredOn', message: refusal }]);
  return day;
}

/**
 * A return whose day a correction changed: the ledger's movements of the return take the day
 * too, written here because the ledger's module is the one writer of its table.
 */
export const setReturnMovementsDay = repo.setReturnMovementsDay;
