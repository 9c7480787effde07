import {
  type HireRate,
  hireDueThrough,
  isoDaysBetween,
  type OnHireLine,
  type OnHireStatement,
  type SessionUser,
  settled,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import { scopeOf } from '../../lib/location-scope';
import { getLocation, hireRatesFor } from '../locations/locations.service';
import { billingTerms } from '../settings/billing-settings.service';
import { todayOf } from './material-rentals.service';
import * as repo from './material-rentals-on-hire.repository';

/**
 * What is on hire at a site (issue 50 item 3, decision 059): the lines of its ACTIVE rentals with
 * units still out, each with what is out (the dispatched quantity less the sums of its dated
 * returns, decision 050: no copy), where it came from, when it is due back and its days out. An
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
