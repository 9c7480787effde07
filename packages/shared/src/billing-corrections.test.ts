import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  type HireItem,
  type HireRate,
  type HireStretch,
  invoiceTotals,
  isoDaysBetween,
  roundHalfAwayFromZero,
} from './billing';
import {
  creditNoteTotals,
  type HireAction,
  hireDueThrough,
  type ItemBilledLine,
  planHireItem,
} from './hire-ledger';

/**
 * Billing follows the days, also afterwards (decision 048): whatever the order of runs,
 * finalizations, credit notes and corrections of the history (days moved, returns recorded late,
 * lines re-rated), the lines billed add up to what one run over the final history charges.
 */

const NUM_RUNS = 300;
const BASE = '2026-01-01';
const day = (offset: number) => addIsoDays(BASE, offset);

type Line = ItemBilledLine & { finalized?: boolean };

/** The books of one rental line: invoices (drafts by period end, finalized ones, credit notes). */
class Books {
  lines: Line[] = [];
  private nextLine = 1;
  private nextInvoice = 1;
  /** The draft of each period end, while it is a draft. */
  drafts = new Map<string, number>();
  finalized = new Set<number>();

  draftOf(periodEnd: string): number {
    let id = this.drafts.get(periodEnd);
    if (id === undefined) {
      id = this.nextInvoice++;
      this.drafts.set(periodEnd, id);
    }
    return id;
  }

  add(invoiceId: number, kind: Line['kind'], billedThrough: string, amountCents: number) {
    this.lines.push({
      id: this.nextLine++,
      invoiceId,
      draft: !this.finalized.has(invoiceId),
      kind,
      billedThrough,
      amountCents,
    });
  }

  addStretches(invoiceId: number, stretches: HireStretch[], billedThrough: string) {
    for (const stretch of stretches)
      this.add(invoiceId, 'HIRE', billedThrough, stretch.amountCents);
  }

  /** What the run carries out, as the API does (billing.service.ts). */
  apply(actions: HireAction[], periodEnd: string) {
    for (const action of actions) {
      if (action.type === 'bill') {
        this.addStretches(this.draftOf(periodEnd), action.stretches, action.billedThrough);
      } else if (action.type === 'reprice') {
        const gone = new Set(action.removeLineIds);
        this.lines = this.lines.filter((line) => !gone.has(line.id));
        this.addStretches(action.invoiceId, action.stretches, action.billedThrough);
      } else if (action.draftInvoiceId !== null) {
        this.add(action.draftInvoiceId, 'CORRECTION', action.billedThrough, action.amountCents);
      } else if (action.amountCents < 0) {
        // A credit note of its own, finalized at once.
        const note = this.nextInvoice++;
        this.finalized.add(note);
        this.add(note, 'CORRECTION', action.billedThrough, action.amountCents);
      } else {
        this.add(this.draftOf(periodEnd), 'CORRECTION', action.billedThrough, action.amountCents);
      }
    }
  }

  finalize(invoiceId: number) {
    this.finalized.add(invoiceId);
    for (const [end, id] of this.drafts) if (id === invoiceId) this.drafts.delete(end);
    for (const line of this.lines) if (line.invoiceId === invoiceId) line.draft = false;
  }

  /** A credit note taking back one finalized line (once): its negative on a note of its own. */
  credit(lineId: number) {
    const line = this.lines.find((candidate) => candidate.id === lineId);
    if (!line || line.draft || line.kind === 'CREDIT' || line.finalized) return;
    line.finalized = true;
    const note = this.nextInvoice++;
    this.finalized.add(note);
    this.add(note, 'CREDIT', line.billedThrough, -line.amountCents);
  }

  total() {
    return this.lines.reduce((sum, line) => sum + line.amountCents, 0);
  }
}

const rateArb: fc.Arbitrary<HireRate> = fc
  .record({
    dayCents: fc.integer({ min: 0, max: 500 }),
    week: fc.option(fc.integer({ min: 0, max: 2500 }), { nil: null }),
    minimumDays: fc.integer({ min: 0, max: 20 }),
  })
  .map(({ dayCents, week, minimumDays }) => ({ dayCents, weekCents: week, minimumDays }));

/** What happens to a line, one step after another. */
type Step =
  | { kind: 'run'; end: number }
  | { kind: 'finalize'; which: number }
  | { kind: 'credit'; which: number }
  | { kind: 'moveReturn'; which: number; to: number }
  | { kind: 'moveDispatch'; to: number }
  | { kind: 'addReturn'; on: number; units: number }
  | { kind: 'rerate'; rate: HireRate };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('run' as const), end: fc.nat(150) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('finalize' as const), which: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('credit' as const), which: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('moveReturn' as const),
      which: fc.nat(),
      to: fc.nat(150),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('moveDispatch' as const), to: fc.nat(60) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('addReturn' as const),
      on: fc.nat(150),
      units: fc.integer({ min: 1, max: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rerate' as const), rate: rateArb }) },
);

/** A history changed only as the API lets it: no return before the dispatch, none over the quantity. */
function applyHistory(item: HireItem, step: Step): HireItem {
  const returned = item.returns.reduce((sum, back) => sum + back.units, 0);
  if (step.kind === 'moveReturn' && item.returns.length > 0) {
    const index = step.which % item.returns.length;
    const to = day(step.to);
    if (isoDaysBetween(item.onHire, to) < 0) return item;
    return {
      ...item,
      returns: item.returns.map((back, i) => (i === index ? { ...back, day: to } : back)),
    };
  }
  if (step.kind === 'moveDispatch') {
    const to = day(step.to);
    if (item.returns.some((back) => isoDaysBetween(to, back.day) < 0)) return item;
    return { ...item, onHire: to };
  }
  if (step.kind === 'addReturn') {
    const on = day(step.on);
    const units = Math.min(step.units, item.quantity - returned);
    if (units === 0 || isoDaysBetween(item.onHire, on) < 0) return item;
    return { ...item, returns: [...item.returns, { day: on, units }] };
  }
  return item;
}

describe('billing follows the days, also afterwards (decision 048)', () => {
  it('ends owing what one run over the final history charges, whatever the order of runs, finalizations, credits and corrections', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(40),
        rateArb,
        fc.array(stepArb, { minLength: 1, maxLength: 25 }),
        (quantity, dispatch, firstRate, steps) => {
          let item: HireItem = { quantity, onHire: day(dispatch), returns: [] };
          let rate = firstRate;
          const books = new Books();
          for (const step of steps) {
            if (step.kind === 'run') {
              const end = day(step.end);
              books.apply(planHireItem(item, rate, books.lines, end), end);
            } else if (step.kind === 'finalize') {
              const drafts = [...books.drafts.values()];
              if (drafts.length > 0) books.finalize(drafts[step.which % drafts.length]!);
            } else if (step.kind === 'credit') {
              const finalLines = books.lines.filter(
                (line) => !line.draft && line.kind !== 'CREDIT',
              );
              if (finalLines.length > 0)
                books.credit(finalLines[step.which % finalLines.length]!.id);
            } else if (step.kind === 'rerate') {
              rate = step.rate;
            } else {
              item = applyHistory(item, step);
            }
          }
          // A last run after every day of the history: what one run over it would charge.
          const end = day(200);
          books.apply(planHireItem(item, rate, books.lines, end), end);
          expect(books.total()).toBe(hireDueThrough(item, rate, end));
          // And a run after it finds nothing to do.
          expect(planHireItem(item, rate, books.lines, end)).toEqual([]);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('a run over an unchanged history, after a run of the same period, does nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(40),
        rateArb,
        fc.array(fc.record({ on: fc.nat(120), units: fc.integer({ min: 1, max: 5 }) })),
        fc.nat(150),
        (quantity, dispatch, rate, backs, endOffset) => {
          let item: HireItem = { quantity, onHire: day(dispatch), returns: [] };
          for (const back of backs) item = applyHistory(item, { kind: 'addReturn', ...back });
          const books = new Books();
          const end = day(endOffset);
          books.apply(planHireItem(item, rate, books.lines, end), end);
          expect(planHireItem(item, rate, books.lines, end)).toEqual([]);
          expect(books.total()).toBe(hireDueThrough(item, rate, end));
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('a return recorded after its period was billed and finalized is credited in the next run (issue 49: 300.00 billed)', () => {
    const rate = { dayCents: 100, weekCents: null, minimumDays: 0 };
    let item: HireItem = { quantity: 10, onHire: '2026-09-01', returns: [] };
    const books = new Books();
    books.apply(planHireItem(item, rate, books.lines, '2026-09-30'), '2026-09-30');
    expect(books.total()).toBe(30_000);
    books.finalize(books.drafts.get('2026-09-30')!);
    item = { ...item, returns: [{ day: '2026-09-10', units: 10 }] };
    const actions = planHireItem(item, rate, books.lines, '2026-10-31');
    expect(actions).toEqual([
      {
        type: 'correct',
        invoiceId: 1,
        draftInvoiceId: null,
        from: '2026-09-01',
        billedThrough: '2026-09-30',
        // The off-hire day is not charged: 1 to 9 September, 90.00 owed.
        amountCents: -21_000,
      },
    ]);
    books.apply(actions, '2026-10-31');
    expect(books.total()).toBe(9_000);
  });

  it('rates fixed at dispatch: a minimum set to 0 afterwards does not re-price the days billed (issue 49: 37.00, not 45.00)', () => {
    // The line keeps its 14-day minimum; a second run at the new rules would have billed 31.00.
    const kept = { dayCents: 100, weekCents: null, minimumDays: 14 };
    const item: HireItem = { quantity: 1, onHire: '2026-09-25', returns: [] };
    const books = new Books();
    books.apply(planHireItem(item, kept, books.lines, '2026-09-30'), '2026-09-30');
    expect(books.total()).toBe(1_400);
    books.finalize(books.drafts.get('2026-09-30')!);
    books.apply(planHireItem(item, kept, books.lines, '2026-10-31'), '2026-10-31');
    expect(books.total()).toBe(3_700);
  });

  it('a re-rated line is corrected for the days already billed', () => {
    const item: HireItem = { quantity: 2, onHire: '2026-03-01', returns: [] };
    const books = new Books();
    books.apply(
      planHireItem(
        item,
        { dayCents: 100, weekCents: null, minimumDays: 0 },
        books.lines,
        '2026-03-31',
      ),
      '2026-03-31',
    );
    books.finalize(books.drafts.get('2026-03-31')!);
    const lower = { dayCents: 80, weekCents: null, minimumDays: 0 };
    books.apply(planHireItem(item, lower, books.lines, '2026-04-30'), '2026-04-30');
    expect(books.total()).toBe(2 * 80 * 61);
  });

  it('a draft whose days moved is priced again in place, no correction line', () => {
    const rate = { dayCents: 100, weekCents: null, minimumDays: 0 };
    let item: HireItem = { quantity: 4, onHire: '2026-05-01', returns: [] };
    const books = new Books();
    books.apply(planHireItem(item, rate, books.lines, '2026-05-31'), '2026-05-31');
    item = { ...item, returns: [{ day: '2026-05-11', units: 4 }] };
    const actions = planHireItem(item, rate, books.lines, '2026-06-30');
    expect(actions.map((action) => action.type)).toEqual(['reprice']);
    books.apply(actions, '2026-06-30');
    expect(books.lines.every((line) => line.kind === 'HIRE')).toBe(true);
    expect(books.total()).toBe(4 * 100 * 10);
  });
});

describe('credit notes add up (issue 49)', () => {
  const lineArb = fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 });

  it('an invoice credited line by line, in any grouping, adds up to zero with its credit notes, VAT included', () => {
    fc.assert(
      fc.property(
        lineArb,
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
        (amounts, vat, grouping) => {
          const invoice = invoiceTotals(amounts, vat);
          // Each line goes to one of up to 4 credit notes, made one after another.
          const notes = new Map<number, number[]>();
          amounts.forEach((amount, index) => {
            const note = grouping[index]! % 4;
            notes.set(note, [...(notes.get(note) ?? []), -amount]);
          });
          const made: ReturnType<typeof invoiceTotals>[] = [];
          const order = [...notes.keys()].sort();
          order.forEach((note, index) => {
            const last = index === order.length - 1;
            made.push(
              creditNoteTotals(
                notes.get(note)!,
                vat,
                last ? { invoice, creditedBefore: [...made] } : null,
              ),
            );
          });
          const sum = (key: 'netCents' | 'vatCents' | 'grossCents') =>
            invoice[key] + made.reduce((total, note) => total + note[key], 0);
          expect(sum('netCents')).toBe(0);
          expect(sum('vatCents')).toBe(0);
          expect(sum('grossCents')).toBe(0);
          // A note's VAT is its own net's to within the rounding of the notes before it.
          for (const note of made) {
            const own = Number(roundHalfAwayFromZero(BigInt(note.netCents) * BigInt(vat), 10_000n));
            expect(Math.abs(note.vatCents - own)).toBeLessThanOrEqual(made.length);
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('the issue’s case: 6 lines credited one by one leave no cent of VAT', () => {
    const amounts = [12_345, 23_457, 34_569, 45_671, 6_783, 15_648];
    const invoice = invoiceTotals(amounts, 2000);
    const made: ReturnType<typeof invoiceTotals>[] = [];
    amounts.forEach((amount, index) => {
      const last = index === amounts.length - 1;
      made.push(
        creditNoteTotals([-amount], 2000, last ? { invoice, creditedBefore: [...made] } : null),
      );
    });
    expect(invoice.grossCents + made.reduce((total, note) => total + note.grossCents, 0)).toBe(0);
  });
});
