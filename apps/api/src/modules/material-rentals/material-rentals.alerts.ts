import { isoToDisplayDate } from '@stockyard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { inTransaction } from '../../lib/transaction';
import { notify } from '../notifications/notify';
import * as repo from './material-rentals.repository';
import { todayOf } from './material-rentals.service';

/**
 * The daily overdue alert (RENTAL_ALERT): each rental that is newly overdue (ACTIVE, expected back
 * before `today`, not alerted since it became overdue) is announced once to the admins and the
 * field managers of its destination. With several API processes one sends, the others skip (an
 * advisory lock); the rental and day are recorded in the same transaction, so that no rental is
 * alerted twice on a day. Answers how many were sent, or null when another process was sending.
 */
export async function sendRentalAlerts(
  ctx: AppContext,
  today: string = todayOf(),
): Promise<number | null> {
  return inTransaction(ctx, async (uow) => {
    if (!(await repo.tryAlertSenderLock(uow.tx))) return null;
    const due = await repo.claimOverdueAlerts(uow.tx, today);
    if (due.length === 0) return 0;
    const names = await repo.locationNames(uow.tx, [...new Set(due.map((r) => r.toLocationId))]);
    for (const rental of due) {
      await notify(ctx, uow, {
        type: 'RENTAL_ALERT',
        message: `Rental #${rental.rentalId} to ${names.get(rental.toLocationId) ?? 'a location'} is overdue: it was due back ${isoToDisplayDate(rental.expectedReturnDate)}`,
        locationId: rental.toLocationId,
        data: {
          rentalId: rental.rentalId,
          toLocationId: rental.toLocationId,
          expectedReturnDate: rental.expectedReturnDate,
        },
      });
    }
    return due.length;
  });
}

/** Milliseconds from `now` to a little after the next local midnight. */
function untilNextDay(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 5);
  return Math.max(1000, next.getTime() - now.getTime());
}

/**
 * Runs the alert at start, then once a day just after midnight. `stop` clears the timer and waits
 * for a run under way, so that the pool is not closed beneath it.
 */
export function scheduleRentalAlerts(
  ctx: AppContext,
  log: FastifyBaseLogger,
): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = sendRentalAlerts(ctx)
      .then((sent) => {
        if (sent) log.info({ sent }, 'overdue rental alerts sent');
      })
      .catch((error) => log.error({ err: error }, 'overdue rental alerts failed'));
    return running;
  };
  const plan = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().then(plan);
    }, untilNextDay(new Date()));
    timer.unref();
  };
  void run().then(plan);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
