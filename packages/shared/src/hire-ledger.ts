/**
 * Billing follows the days, also afterwards (decision 048): the pure plan a billing run
 * carries out for one rental line. No database, no I/O; both the API and the property tests use it.
 *
 * What a line owes through a day is a pure function of its final history (its dispatch day, its
 * dated returns, the rate it keeps from its dispatch): {@link hireDueThrough}, cumulative and
 * telescoping. What was billed is the sum of its lines on invoices, net of credit
 * notes. A run
 * - bills the days after the line's last billed day up to the period's end (as before), and
 * - checks every earlier billing (a *slot*: the lines billed through one day) against what the
 *   history now says is due for its days: a slot wholly on a draft is priced again; any other
 *   slot that is off gets a correction of the difference, naming the invoice (a credit note when
 *   the customer was overcharged and no draft holds the slot, else a line on the draft).
 * Whatever the order of runs and corrections, the lines then add up to what one run over the final
 * history charges (the property tests hold it to that).
 */

import {
  addIsoDays,
  billRentalItem,
  chargedBefore,
  type HireItem,
  type HireRate,
  type HireStretch,
  hireGroups,
  type InvoiceTotals,
  invoiceTotals,
  isoDaysBetween,
} from './billing';

/** A line of an invoice or credit note that bills a rental line's hire, or takes some back. */
export type ItemBilledLine = {
  id: number;
  invoiceId: number;
  /** Whether its invoice is a draft (re-priced in place) or finalized (corrected by a new line). */
  draft: boolean;
  /** HIRE: days billed; CORRECTION: a difference put right; CREDIT: a credit note's line. */
  kind: 'HIRE' | 'CORRECTION' | 'CREDIT';
  /** The last day of the billing it belongs to (a CREDIT line: the credited line's). */
  billedThrough: string;
  amountCents: number;
};

export type HireAction =
  /** The days after the last billed day up to the period's end, on the run's draft. */
  | { type: 'bill'; stretches: HireStretch[]; billedThrough: string }
  /** A slot wholly on one draft, priced again: its lines replaced by these. */
  | {
      type: 'reprice';
      invoiceId: number;
      removeLineIds: number[];
      stretches: HireStretch[];
      billedThrough: string;
    }
  /**
   * A slot billed wrong by `amountCents` (negative: overcharged): on `draftInvoiceId` when a draft
   * holds part of the slot, else a credit note of `invoiceId` (negative) or the run's draft
   * (positive). `from`..`billedThrough` are the slot's days.
   */
  | {
      type: 'correct';
      invoiceId: number;
      draftInvoiceId: number | null;
      from: string;
      billedThrough: string;
      amountCents: number;
    };

/**
 * What one rental line owes for all its days up to `through` (inclusive), at its rate: the sum of
 * its groups' cumulative charges (rules 3 and 4 of billing.ts). 0 before its dispatch.
 */
export function hireDueThrough(item: HireItem, rate: HireRate, through: string): number {
  const next = addIsoDays(through, 1);
  return hireGroups(item).reduce((sum, group) => sum + chargedBefore(group, next, rate), 0);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The plan of a run over the period ending `periodEnd` for one rental line with this final history
 * and rate and these billed lines. Empty when everything billed is right and nothing is left to
 * bill up to the period's end.
 */
export function planHireItem(
  item: HireItem,
  rate: HireRate,
  lines: readonly ItemBilledLine[],
  periodEnd: string,
): HireAction[] {
  const actions: HireAction[] = [];
  const slots = new Map<string, ItemBilledLine[]>();
  for (const line of lines) {
    const slot = slots.get(line.billedThrough);
    if (slot) slot.push(line);
    else slots.set(line.billedThrough, [line]);
  }
  const days = [...slots.keys()].sort((a, b) => isoDaysBetween(b, a));
  let previous: string | null = null;
  let dueBefore = 0;
  for (const day of days) {
    const slot = slots.get(day)!;
    const due = hireDueThrough(item, rate, day);
    const expected = due - dueBefore;
    const billed = sum(slot.map((line) => line.amountCents));
    const from = previous === null ? item.onHire : addIsoDays(previous, 1);
    const drafts = [...new Set(slot.filter((line) => line.draft).map((line) => line.invoiceId))];
    const wholeOnOneDraft = drafts.length === 1 && slot.every((line) => line.draft);
    if (wholeOnOneDraft) {
      // Priced again from the history as it is: the same stretches a first run would make.
      const { stretches } = billRentalItem({ ...item, billedThrough: previous }, rate, day);
      const same =
        billed === expected &&
        slot.length === stretches.length &&
        slot.every((line) => line.kind === 'HIRE');
      if (!same) {
        actions.push({
          type: 'reprice',
          invoiceId: drafts[0]!,
          removeLineIds: slot.map((line) => line.id),
          stretches,
          billedThrough: day,
        });
      }
    } else if (billed !== expected) {
      const named = [...slot].reverse().find((line) => line.kind !== 'CREDIT') ?? slot.at(-1)!;
      actions.push({
        type: 'correct',
        invoiceId: named.invoiceId,
        draftInvoiceId: drafts[0] ?? null,
        from: isoDaysBetween(from, day) < 0 ? day : from,
        billedThrough: day,
        amountCents: expected - billed,
      });
    }
    previous = day;
    dueBefore = due;
  }
  if (previous === null || isoDaysBetween(previous, periodEnd) > 0) {
    const bill = billRentalItem({ ...item, billedThrough: previous }, rate, periodEnd);
    if (bill.stretches.length > 0) {
      actions.push({ type: 'bill', stretches: bill.stretches, billedThrough: periodEnd });
    }
  }
  return actions;
}

/**
 * The totals of a credit note: its lines' (rule 7 of billing.ts, VAT rounded once on
 * its net), except for the note that completes the crediting of an invoice (every line of it
 * taken back), which takes the remainder: its VAT is what the invoice's VAT less that of the notes
 * before it leaves, so that the invoice and its credit notes add up to zero, VAT included.
 */
export function creditNoteTotals(
  lineAmountsCents: number[],
  vatRateBasisPoints: number,
  completes: { invoice: InvoiceTotals; creditedBefore: InvoiceTotals[] } | null,
): InvoiceTotals {
  const own = invoiceTotals(lineAmountsCents, vatRateBasisPoints);
  if (!completes) return own;
  const vatCents = -(
    completes.invoice.vatCents + sum(completes.creditedBefore.map((note) => note.vatCents))
  );
  return { netCents: own.netCents, vatCents, grossCents: own.netCents + vatCents };
}
