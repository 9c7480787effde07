/**
 * Money and charging for hire: the pure engine both ends share. No database, no I/O.
 *
 * Decision record: the rules below are the contract. Each function's comment says the rule it
 * implements.
 *
 * - Money is integer cents (safe JS integers). Products that could pass 2^53 are computed with
 *   BigInt and converted back with a range check; binary floating point is never used for money.
 * - Days are ISO calendar days 'yyyy-MM-dd', counted with UTC date arithmetic (never local time).
 * - Rule 1, hire days: a unit is on hire from its on-hire day (the rental's dispatch date, charged)
 *   up to its off-hire day (the day it comes back, good, damaged or lost: NOT charged), the
 *   half-open interval [onHire, offHire). A unit still out has offHire null.
 * - Rule 2, price of n days: see {@link hireCost}.
 * - Rule 3, charged through a day, and bills as differences: see {@link chargedBefore}. A bill
 *   for the days `from`..`to` (both inclusive) is chargedBefore(to + 1) − chargedBefore(from), so
 *   billing telescopes: splitting a period into several runs bills exactly what one run bills, and
 *   the minimum hire is charged once per dispatch.
 * - Rule 4, groups of a rental item: see {@link hireGroups}.
 * - Rule 5, billing a rental item for a period: see {@link billRentalItem}.
 * - Rule 6, volume work lines: see {@link workLineAmount}; the one rounding rule is
 *   {@link roundHalfAwayFromZero}, applied once per line.
 * - Rule 7, VAT and totals: see {@link invoiceTotals}; VAT is rounded once, on the net.
 * - Rule 8, formatting and parsing money: {@link formatMoney}, {@link parseMoneyToCents},
 *   {@link centsToDecimalString}, {@link vatRateText}.
 */

import { parseIsoDate } from './dates';
import { amountToCents } from './numbers';

export const DAYS_PER_WEEK = 7;

const MILLISECONDS_PER_DAY = 86_400_000;

/** A hire rate: a day price, an optional week price, and the minimum number of days charged. */
export type HireRate = { dayCents: number; weekCents: number | null; minimumDays: number };

/** Units of one rental item that go off hire together ([onHire, offHire), offHire null: still out). */
export type HireGroup = { quantity: number; onHire: string; offHire: string | null };

/** A return of units (good + damaged + lost, added by the caller) on a day. */
export type HireReturn = { day: string; units: number };

/** A rental item as the hire engine sees it. */
export type HireItem = { quantity: number; onHire: string; returns: HireReturn[] };

/** What has been billed so far: the last day already billed (inclusive), or null for nothing. */
export type BillableHireItem = HireItem & { billedThrough: string | null };

/**
 * One group's charge in a bill. `from`..`to` are the days of this group charged by the bill (both
 * inclusive) and `days` their count. The one exception is a same-day return (offHire = onHire)
 * billed for the first time: the minimum hire is charged for no day, so the stretch has
 * from = to = onHire and days = 0.
 */
export type HireStretch = {
  quantity: number;
  from: string;
  to: string;
  days: number;
  amountCents: number;
};

/**
 * A bill for a rental item. `billedThrough` is what the caller stores: the period end, or the
 * stored value unchanged when the bill covered no day (periodEnd before the first unbilled day).
 */
export type RentalItemBill = { stretches: HireStretch[]; billedThrough: string | null };

/** VAT totals of an invoice or credit note, in cents. */
export type InvoiceTotals = { netCents: number; vatCents: number; grossCents: number };

// ---------------------------------------------------------------------------------------------
// Checks and conversions
// ---------------------------------------------------------------------------------------------

function requireInteger(value: number, name: string, minimum?: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer`);
  if (minimum !== undefined && value < minimum) {
    throw new RangeError(`${name} must be at least ${minimum}`);
  }
}

/** A BigInt amount of cents back to a JS number; throws when it is not a safe integer. */
function toSafeCents(value: bigint): number {
  const max = BigInt(Number.MAX_SAFE_INTEGER);
  if (value > max || value < -max) throw new RangeError('Amount is out of range');
  return Number(value);
}

// ---------------------------------------------------------------------------------------------
// Calendar days (UTC arithmetic on yyyy-MM-dd)
// ---------------------------------------------------------------------------------------------

/**
 * The days already turned into numbers and back: a billing run prices hundreds of rental lines
 * over the same few dozen days, and parsing a day, or writing one, each time was most of its
 * pricing's time. Emptied when full.
 */
const dayNumbers = new Map<string, number>();
const dayTexts = new Map<number, string>();
const KNOWN_DAYS = 4096;

/** Days since 1970-01-01 of a yyyy-MM-dd; throws on a day that is not on the calendar. */
function dayNumber(iso: string): number {
  const known = dayNumbers.get(iso);
  if (known !== undefined) return known;
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not a yyyy-MM-dd date: ${iso}`);
  const probe = new Date(0);
  probe.setUTCFullYear(date.year, date.month - 1, date.day);
  const days = Math.round(probe.getTime() / MILLISECONDS_PER_DAY);
  if (dayNumbers.size >= KNOWN_DAYS) dayNumbers.clear();
  dayNumbers.set(iso, days);
  return days;
}

/** The yyyy-MM-dd of a day number (days since 1970-01-01). */
function dayFromNumber(days: number): string {
  const known = dayTexts.get(days);
  if (known !== undefined) return known;
  const iso = new Date(days * MILLISECONDS_PER_DAY).toISOString().slice(0, 10);
  if (dayTexts.size >= KNOWN_DAYS) dayTexts.clear();
  dayTexts.set(days, iso);
  return iso;
}

/** The calendar day `days` days after `iso` (before, when negative). */
export function addIsoDays(iso: string, days: number): string {
  requireInteger(days, 'days');
  return dayFromNumber(dayNumber(iso) + days);
}

/** The number of days from `from` to `to` (to − from; negative when `to` is earlier). */
export function isoDaysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

// ---------------------------------------------------------------------------------------------
// Hire charging (rules 1 to 5)
// ---------------------------------------------------------------------------------------------

function checkRate(rate: HireRate): void {
  requireInteger(rate.dayCents, 'dayCents', 0);
  if (rate.weekCents !== null) requireInteger(rate.weekCents, 'weekCents', 0);
  requireInteger(rate.minimumDays, 'minimumDays', 0);
}

/** Rule 2 in BigInt: the cheapest price of m = max(days, minimumDays) days of one unit. */
function hireCostBig(days: number, rate: HireRate): bigint {
  const charged = BigInt(Math.max(days, rate.minimumDays));
  const day = BigInt(rate.dayCents);
  const byDays = charged * day;
  if (rate.weekCents === null) return byDays;
  const week = BigInt(rate.weekCents);
  const perWeek = BigInt(DAYS_PER_WEEK);
  const wholeWeeks = charged / perWeek;
  const leftoverDays = charged % perWeek;
  const byWeeksRoundedUp = (leftoverDays === 0n ? wholeWeeks : wholeWeeks + 1n) * week;
  const byWeeksAndDays = wholeWeeks * week + leftoverDays * day;
  return [byDays, byWeeksRoundedUp, byWeeksAndDays].reduce((a, b) => (b < a ? b : a));
}

/**
 * Rule 2: the price of `days` days of one unit since its dispatch. With m = max(days,
 * minimumDays), the cheapest of m × dayCents; ceil(m / 7) × weekCents; floor(m / 7) × weekCents
 * + (m mod 7) × dayCents (the week prices only when weekCents is not null).
 *
 * It is the cheapest cover of m days by whole weeks and single days, so it is monotone
 * non-decreasing in days. hireCost(0) is the price of the minimum hire: a same-day return is
 * charged the minimum (but nothing is charged before the on-hire day, rule 3).
 */
export function hireCost(days: number, rate: HireRate): number {
  requireInteger(days, 'days', 0);
  checkRate(rate);
  return toSafeCents(hireCostBig(days, rate));
}

/**
 * Rule 3: the amount charged to a group for all days before day `t` (t exclusive): 0 when
 * t <= onHire, otherwise quantity × hireCost(min(t, offHire ?? t) − onHire, rate).
 */
export function chargedBefore(group: HireGroup, t: string, rate: HireRate): number {
  return toSafeCents(chargedBeforeBig(group, dayNumber(t), rate));
}

function chargedBeforeBig(group: HireGroup, t: number, rate: HireRate): bigint {
  const onHire = dayNumber(group.onHire);
  if (t <= onHire) return 0n;
  const end = group.offHire === null ? t : Math.min(t, dayNumber(group.offHire));
  return BigInt(group.quantity) * hireCostBig(end - onHire, rate);
}

/**
 * Rule 4: the groups of a rental item. Each return of k units ends k units' hire on its day
 * (returns on the same day merge); the units not returned are one group with offHire null,
 * omitted when there are none. Groups come in order of off-hire day, the open group last.
 * Throws when the returns exceed the quantity or a return is before the on-hire day.
 */
export function hireGroups(item: HireItem): HireGroup[] {
  requireInteger(item.quantity, 'quantity', 0);
  const onHire = dayNumber(item.onHire);
  const unitsByDay = new Map<string, number>();
  let returned = 0;
  for (const { day, units } of item.returns) {
    requireInteger(units, 'units', 0);
    if (dayNumber(day) < onHire) throw new RangeError(`Return on ${day} is before the on-hire day`);
    unitsByDay.set(day, (unitsByDay.get(day) ?? 0) + units);
    returned += units;
  }
  if (returned > item.quantity) throw new RangeError('More units returned than were hired');
  const groups: HireGroup[] = [...unitsByDay]
    .filter(([, units]) => units > 0)
    .sort(([a], [b]) => dayNumber(a) - dayNumber(b))
    .map(([day, units]) => ({ quantity: units, onHire: item.onHire, offHire: day }));
  const stillOut = item.quantity - returned;
  if (stillOut > 0) groups.push({ quantity: stillOut, onHire: item.onHire, offHire: null });
  return groups;
}

/**
 * One group's stretch for the bill of days start..periodEnd (day numbers, inclusive), or null
 * when there is nothing to show (amount 0 and no day). `from` is the first billed day the group
 * is on hire, `to` = min(periodEnd, offHire − 1); a first bill of a same-day return shows
 * from = to = onHire with days = 0.
 */
function groupStretch(
  group: HireGroup,
  rate: HireRate,
  start: number,
  periodEnd: number,
): HireStretch | null {
  const amount =
    chargedBeforeBig(group, periodEnd + 1, rate) - chargedBeforeBig(group, start, rate);
  const from = Math.max(start, dayNumber(group.onHire));
  const lastOnHire = group.offHire === null ? periodEnd : dayNumber(group.offHire) - 1;
  const to = Math.min(periodEnd, lastOnHire);
  const days = Math.max(0, to - from + 1);
  if (amount === 0n && days === 0) return null;
  return {
    quantity: group.quantity,
    from: dayFromNumber(from),
    to: dayFromNumber(days === 0 ? from : to),
    days,
    amountCents: toSafeCents(amount),
  };
}

/**
 * Rule 5: bill a rental item for the days from (billedThrough + 1, or onHire when nothing is
 * billed yet) through periodEnd, both inclusive. Each group's amount is
 * chargedBefore(periodEnd + 1) − chargedBefore(start) (rule 3), so consecutive bills never charge
 * a day twice or skip one, and add up to what one bill over the whole time would charge.
 *
 * One stretch per group with something to charge (see {@link HireStretch}); a stretch is left
 * out only when its amount is 0 and it covers no day (a stretch can cover days for 0 when the
 * minimum hire already paid for them). `billedThrough` in the result is periodEnd; when
 * periodEnd is before the first unbilled day (e.g. before onHire) the bill is empty and
 * `billedThrough` is returned unchanged.
 */
export function billRentalItem(
  item: BillableHireItem,
  rate: HireRate,
  periodEnd: string,
): RentalItemBill {
  checkRate(rate);
  const groups = hireGroups(item);
  const start =
    item.billedThrough === null ? dayNumber(item.onHire) : dayNumber(item.billedThrough) + 1;
  const end = dayNumber(periodEnd);
  if (end < start) return { stretches: [], billedThrough: item.billedThrough };
  const stretches = groups
    .map((group) => groupStretch(group, rate, start, end))
    .filter((stretch): stretch is HireStretch => stretch !== null);
  return { stretches, billedThrough: periodEnd };
}

// ---------------------------------------------------------------------------------------------
// Rounding, work lines and VAT (rules 6 and 7)
// ---------------------------------------------------------------------------------------------

/**
 * The one rounding rule: numerator / denominator to a whole number, halves away from zero
 * (2.5 → 3, −2.5 → −3). Throws on a zero denominator.
 */
export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const top = numerator < 0n ? -numerator : numerator;
  const bottom = denominator < 0n ? -denominator : denominator;
  const quotient = top / bottom;
  const rounded = 2n * (top % bottom) >= bottom ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/**
 * A decimal quantity with at most 2 decimals (PostgreSQL numeric) as exact hundredths. Throws
 * when it is not finite or has more than 2 decimals.
 */
function toHundredths(quantity: number): bigint {
  if (!Number.isFinite(quantity)) throw new RangeError('quantity must be a finite number');
  const hundredths = Math.round(quantity * 100);
  if (Math.abs(quantity * 100 - hundredths) > 1e-6 || !Number.isSafeInteger(hundredths)) {
    throw new RangeError('quantity must have at most 2 decimals');
  }
  return BigInt(hundredths);
}

/**
 * Rule 6: a volume work line's amount: quantity (at most 2 decimals, taken exactly as hundredths)
 * × rateCents, rounded half away from zero to a whole cent, once per line.
 */
export function workLineAmount(quantity: number, rateCents: number): number {
  requireInteger(rateCents, 'rateCents');
  const exactHundredthsOfCents = toHundredths(quantity) * BigInt(rateCents);
  return toSafeCents(roundHalfAwayFromZero(exactHundredthsOfCents, 100n));
}

/**
 * Rule 7: net = sum of the line amounts; VAT = net × basis points / 10000, rounded half away from
 * zero once, on the net; gross = net + VAT. Negative amounts (credit notes) work the same way.
 * vatRateBasisPoints is e.g. 2000 for 20 %, 0 for zero-rated.
 */
export function invoiceTotals(
  lineAmountsCents: number[],
  vatRateBasisPoints: number,
): InvoiceTotals {
  requireInteger(vatRateBasisPoints, 'vatRateBasisPoints', 0);
  let net = 0n;
  for (const amount of lineAmountsCents) {
    requireInteger(amount, 'line amount');
    net += BigInt(amount);
  }
  const vat = roundHalfAwayFromZero(net * BigInt(vatRateBasisPoints), 10_000n);
  return {
    netCents: toSafeCents(net),
    vatCents: toSafeCents(vat),
    grossCents: toSafeCents(net + vat),
  };
}

// ---------------------------------------------------------------------------------------------
// Formatting and parsing (rule 8)
// ---------------------------------------------------------------------------------------------

/**
 * Cents as a plain decimal with 2 places, for spreadsheets and APIs: 1250 → '12.50',
 * -305 → '-3.05'.
 */
export function centsToDecimalString(cents: number): string {
  requireInteger(cents, 'cents');
  const magnitude = BigInt(Math.abs(cents));
  const whole = magnitude / 100n;
  const fraction = String(magnitude % 100n).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}.${fraction}`;
}

/** Cents as a form shows them ("12.50"); none is blank. */
export const centsText = (cents: number | null) =>
  cents === null ? '' : centsToDecimalString(cents);

/**
 * Cents as people read them, in a currency with 2 minor digits (GBP, EUR, USD):
 * formatMoney(123450, 'GBP') → '£1,234.50'. The amount goes to Intl.NumberFormat as an exact
 * decimal string, never as a float.
 */
export function formatMoney(cents: number, currency: string, locale = 'en-GB'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return format.format(centsToDecimalString(cents) as `${number}`);
}

/**
 * A typed, non-negative amount to cents: '12' → 1200, '12.5' → 1250, '1,20' → 120, '1,234.50' and
 * '1.234,50' → 123450. Null when it is not such an amount (more than 2 decimals, a sign, a
 * symbol, misplaced separators) or too large to be a safe integer of cents. Surrounding spaces
 * are ignored. The one rule for amounts (`amountToCents`, numbers.ts).
 */
export function parseMoneyToCents(text: string): number | null {
  return amountToCents(text);
}

/** A VAT rate in basis points as people read it: 2000 → '20%', 1750 → '17.5%', 0 → '0%'. */
export function vatRateText(basisPoints: number): string {
  requireInteger(basisPoints, 'basisPoints', 0);
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction === '' ? `${whole}%` : `${whole}.${fraction}%`;
}

// ---------------------------------------------------------------------------------------------
// Scrapped units: whose were they
// ---------------------------------------------------------------------------------------------

/**
 * A movement of a material's repair stock, in ledger order: units in (`units` > 0, a return's
 * damaged units, `returnId` the return, null when not known) or out (`units` < 0, repaired or,
 * `scrapped`, written off).
 */
export type RepairMovement = {
  id: number;
  units: number;
  scrapped: boolean;
  returnId: number | null;
};

/** Units of one return written off by one scrap. */
export type ScrapShare = { movementId: number; returnId: number | null; units: number };

/**
 * Which returns' damaged units each scrap wrote off: the repair stock goes out in the order it
 * came in (first in, first out), whether repaired or scrapped, so the n-th unit to go out is the
 * n-th unit that came in. A scrap's share of a return is the overlap of their places in that
 * order. Units out beyond those in (a ledger that began mid-way) belong to no return.
 */
export function scrapShares(movements: readonly RepairMovement[]): ScrapShare[] {
  const entries: { returnId: number | null; from: number; to: number }[] = [];
  let inSoFar = 0;
  let outSoFar = 0;
  const shares: ScrapShare[] = [];
  for (const movement of movements) {
    requireInteger(movement.units, 'units');
    if (movement.units > 0) {
      entries.push({
        returnId: movement.returnId,
        from: inSoFar,
        to: inSoFar + movement.units,
      });
      inSoFar += movement.units;
      continue;
    }
    const from = outSoFar;
    const to = outSoFar - movement.units;
    outSoFar = to;
    if (!movement.scrapped) continue;
    let covered = 0;
    for (const entry of entries) {
      const overlap = Math.min(to, entry.to) - Math.max(from, entry.from);
      if (overlap <= 0) continue;
      shares.push({ movementId: movement.id, returnId: entry.returnId, units: overlap });
      covered += overlap;
    }
    if (covered < to - from) {
      shares.push({ movementId: movement.id, returnId: null, units: to - from - covered });
    }
  }
  return shares;
}
