import {
  type HireRate,
  hireDueThrough,
  isoDaysBetween,
  isoToDisplayDate,
  ON_HIRE_MESSAGES as M,
  type OnHireLine,
  type OnHireSent,
  type OnHireStatement,
  type SessionUser,
  settled,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict } from '../../lib/app-error';
import { scopeOf } from '../../lib/location-scope';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { emailSubject } from '../email-outbox/email-message';
import { queueEmail } from '../email-outbox/email-outbox.service';
import { getLocation, hireRatesFor } from '../locations/locations.service';
import { billingTerms } from '../settings/billing-settings.service';
import { onHireFileName, renderOnHirePdf } from './material-rentals.on-hire.pdf';
import { todayOf } from './material-rentals.service';
import * as repo from './material-rentals-on-hire.repository';

/**
 * What is on hire at a site: the lines of its ACTIVE rentals with
 * units still out, each with what is out (the dispatched quantity less the sums of its dated
 * returns, never a copy), where it came from, when it is due back and its days out. An
 * admin also reads each line's hire so far: what its history costs through today at the rate it
 * keeps from its dispatch (one without any, at the customer's or the catalogue's rate now, as a
 * billing run would fix it), by the one hire engine (`hireDueThrough`). A field manager reads
 * their own site's only (another's is 404, as `getLocation` answers), and no money.
 */
export async function onHireStatement(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
): Promise<OnHireStatement> {
  const location = await getLocation(ctx, user, locationId);
  const admin = scopeOf(user) === null;
  const today = todayOf();
  const rows = (await repo.onHireLines(ctx.db, locationId)).filter(
    (row) => row.quantity - settled(row) > 0,
  );
  const returns = admin
    ? await repo.datedReturns(
        ctx.db,
        rows.map((row) => row.rentalItemId),
      )
    : new Map<number, { day: string; units: number }[]>();
  const unrated = rows.filter((row) => row.dayCents === null).map((row) => row.materialTypeId);
  const rates =
    admin && unrated.length > 0
      ? await hireRatesFor(ctx.db, locationId, [...new Set(unrated)])
      : new Map<number, HireRate | null>();
  const lines: OnHireLine[] = rows.map((row) => {
    const rate: HireRate | null =
      row.dayCents === null
        ? (rates.get(row.materialTypeId) ?? null)
        : { dayCents: row.dayCents, weekCents: row.weekCents, minimumDays: row.minimumDays ?? 0 };
    const hireSoFarCents =
      admin && rate
        ? hireDueThrough(
            {
              quantity: row.quantity,
              onHire: row.rentalDate,
              returns: returns.get(row.rentalItemId) ?? [],
            },
            rate,
            today,
          )
        : null;
    return {
      rentalId: row.rentalId,
      rentalItemId: row.rentalItemId,
      materialId: row.materialId,
      materialTypeId: row.materialTypeId,
      itemNumber: row.itemNumber,
      materialName: row.materialName,
      unit: row.unit,
      fromLocationId: row.fromLocationId,
      fromLocationName: row.fromLocationName,
      rentalDate: row.rentalDate,
      expectedReturnDate: row.expectedReturnDate,
      overdue: row.expectedReturnDate < today,
      dispatched: row.quantity,
      returned: row.quantityActuallyReturned,
      damaged: row.quantityDamaged,
      lost: row.quantityLost,
      out: row.quantity - settled(row),
      // The dispatch day counts as one, as billing counts it (a rental sent today is 1 day out).
      daysOut: Math.max(0, isoDaysBetween(row.rentalDate, today) + 1),
      hireSoFarCents,
    };
  });
  return {
    location: {
      id: location.id,
      name: location.name,
      address: location.address,
      customerName: location.customerName,
      customerEmail: location.customerEmail,
    },
    asOf: today,
    currency: (await billingTerms(ctx.db)).currency,
    lines,
    hireSoFarCents: admin ? lines.reduce((sum, line) => sum + (line.hireSoFarCents ?? 0), 0) : null,
  };
}

/**
 * E-mails a site's on-hire statement to its customer, an admin's copy with the hire
 * so far. The PDF is made now and stored with the mail in the outbox, so that the customer gets the
 * statement as it stood when it was sent, whatever the ledger says by the time the worker sends it.
 * An unknown location is 404 (the route's early check); a site without a customer e-mail is 409,
 * and nothing is queued or logged.
 */
export async function sendOnHireStatement(
  ctx: AppContext,
  actor: Actor,
  locationId: number,
): Promise<OnHireSent> {
  const statement = await onHireStatement(ctx, actor.user, locationId);
  const to = statement.location.customerEmail?.trim();
  if (!to) throw conflict(M.noCustomerEmail);
  if (!ctx.mailer) throw badRequest(M.emailNotConfigured);
  const fileName = onHireFileName(statement);
  const content = await renderOnHirePdf(statement);
  const site = statement.location.name;
  const day = isoToDisplayDate(statement.asOf);
  const count = statement.lines.length;
  const body = [
    statement.location.customerName ? `For ${statement.location.customerName}.` : null,
    count === 0
      ? `Nothing is on hire at ${site} on ${day}.`
      : `What is on hire at ${site} on ${day}: ${count} ${count === 1 ? 'line' : 'lines'}.`,
    `The statement is attached as ${fileName}.`,
    `Sent by ${actor.user.name} from Stockyard.`,
  ]
    .filter((paragraph) => paragraph !== null)
    .join('\n\n');
  await inTransaction(ctx, async (uow) => {
    await queueEmail(ctx, uow, {
      userId: null,
      to,
      subject: emailSubject(`On-hire statement: ${site}, ${day}`),
      body: `${body}\n`,
      attachment: { filename: fileName, content },
    });
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: 'EMAIL_ON_HIRE_STATEMENT',
      description: `On-hire statement of ${site} e-mailed to ${to}`,
      entityType: 'location',
      entityId: String(locationId),
      locationId,
      details: {
        to,
        asOf: statement.asOf,
        fileName,
        lines: count,
        hireSoFarCents: statement.hireSoFarCents,
      },
      ip: actor.ip,
    });
  });
  return { to, asOf: statement.asOf, fileName };
}
