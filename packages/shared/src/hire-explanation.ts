import { DAYS_PER_WEEK, formatMoney, type HireRate, hireCost } from './billing';
import { isoToDisplayDate } from './dates';

/**
 * A hire line explained, with the days billed before and the price of each. A line bills
 * the days from..to of `quantity` units whose hire began `daysBilledBefore` days before `from`
 * (rule 3 of billing.ts: what all their days cost less what the days before cost), each price the
 * cheapest cover of the days by whole weeks and single days (rule 2), at least the minimum hire.
 */

/** The cheapest cover of `days` days of one unit (rule 2): whole weeks and single days. */
export type HireCover = { charged: number; weeks: number; days: number; cents: number };

/** How rule 2 prices `days` days: the same choice as `hireCost`, its parts said. */
export function hireCover(days: number, rate: HireRate): HireCover {
  const charged = Math.max(days, rate.minimumDays);
  const options: HireCover[] = [
    { charged, weeks: 0, days: charged, cents: charged * rate.dayCents },
  ];
  if (rate.weekCents !== null) {
    const whole = Math.floor(charged / DAYS_PER_WEEK);
    const left = charged % DAYS_PER_WEEK;
    options.push({
      charged,
      weeks: left === 0 ? whole : whole + 1,
      days: 0,
      cents: (left === 0 ? whole : whole + 1) * rate.weekCents,
    });
    options.push({
      charged,
      weeks: whole,
      days: left,
      cents: whole * rate.weekCents + left * rate.dayCents,
    });
  }
  // The first cheapest, as hireCost picks it; its price is hireCost's.
  const best = options.reduce((a, b) => (b.cents < a.cents ? b : a));
  return { ...best, cents: hireCost(days, rate) };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "1 week at €1.50 + 2 days at €0.30", the minimum said when it applies. */
export function hireCoverText(days: number, rate: HireRate, currency: string): string {
  const cover = hireCover(days, rate);
  const parts = [
    cover.weeks > 0
      ? `${plural(cover.weeks, 'week')} at ${formatMoney(rate.weekCents ?? 0, currency)}`
      : '',
    cover.days > 0 ? `${plural(cover.days, 'day')} at ${formatMoney(rate.dayCents, currency)}` : '',
  ].filter(Boolean);
  const priced = parts.length === 0 ? 'nothing' : parts.join(' + ');
  return cover.charged > days
    ? `minimum hire of ${plural(cover.charged, 'day')}: ${priced}`
    : priced;
}

/** What a hire line keeps of its billing (an invoice's money line). */
export type ExplainedHireLine = {
  kind: string;
  quantity: number;
  fromDate: string | null;
  toDate: string | null;
  days: number | null;
  dayCents: number | null;
  weekCents: number | null;
  minimumDays: number | null;
  amountCents: number;
  /** The days of these units' hire before `fromDate` (null: not known). */
  daysBilledBefore?: number | null;
};

/**
 * "37 × 9 days (01/09/2026–09/09/2026; 0 days billed before): 1 week at €1.50 + 2 days at €0.30 =
 * €2.10 a unit; × 37 = €77.70"; with days billed before, what all the days cost less what those
 * cost. Empty for a line that is no hire line, or whose amount its days and rate do not give (a
 * rental's day corrected since it was billed: its correction line says so).
 */
export function hireLineExplanation(line: ExplainedHireLine, currency: string): string {
  if (
    line.kind !== 'HIRE' ||
    line.dayCents === null ||
    line.days === null ||
    line.fromDate === null ||
    line.toDate === null ||
    line.daysBilledBefore === null ||
    line.daysBilledBefore === undefined ||
    line.daysBilledBefore < 0
  ) {
    return '';
  }
  const rate: HireRate = {
    dayCents: line.dayCents,
    weekCents: line.weekCents,
    minimumDays: line.minimumDays ?? 0,
  };
  const money = (cents: number) => formatMoney(cents, currency);
  const before = line.daysBilledBefore;
  const all = before + line.days;
  // Rule 3: nothing is charged before the hire begins; after, the cover of every day so far.
  const allCents = hireCost(all, rate);
  const beforeCents = before === 0 ? 0 : hireCost(before, rate);
  const unitCents = allCents - beforeCents;
  if (unitCents * line.quantity !== line.amountCents) return '';
  const period =
    line.fromDate === line.toDate
      ? isoToDisplayDate(line.fromDate)
      : `${isoToDisplayDate(line.fromDate)}–${isoToDisplayDate(line.toDate)}`;
  const head = `${line.quantity} × ${plural(line.days, 'day')} (${period}; ${plural(before, 'day')} billed before)`;
  const priced =
    before === 0
      ? `${hireCoverText(all, rate, currency)} = ${money(allCents)} a unit`
      : `${plural(all, 'day')} in all: ${hireCoverText(all, rate, currency)} = ${money(allCents)}, less the ${plural(before, 'day')} billed before: ${hireCoverText(before, rate, currency)} = ${money(beforeCents)}; ${money(unitCents)} a unit`;
  return `${head}: ${priced}; × ${line.quantity} = ${money(line.amountCents)}`;
}
