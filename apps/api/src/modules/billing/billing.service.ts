import {
  addIsoDays,
  BILLING_MESSAGES,
  type BillingPeriod,
  type BillingRunResult,
  type BillingUnpriced,
  type HireRate,
  type HireStretch,
  localToday,
  parseIsoDate,
  periodHasEnded,
  planHireItem,
  scrapShares,
  toDisplayDate,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { creditNoteIssue, issueCreditNote } from '../invoices/invoices-credit-notes.service';
import {
  addDraftCharges,
  createHireDraft,
  invoiceRow,
  removeDraftCharges,
} from '../invoices/invoices-hire-drafts.service';
import { hireRatesFor, holdLocation } from '../locations/locations.service';
import { fixItemRates } from '../material-rentals/material-rentals.corrections';
import { billingTerms } from '../settings/billing-settings.service';
import * as repo from './billing.repository';

type Site = Awaited<ReturnType<typeof repo.customerSites>>[number];

/** The lines a run adds to one site's invoice, and what it could not price there. */
type SiteBill = { charges: repo.NewCharge[]; unpriced: BillingUnpriced[] };

const displayDay = (iso: string) => toDisplayDate(parseIsoDate(iso)!);

/** The text of a hire line: the material and the rental it went out on. */
const hireDescription = (materialName: string, rentalId: number) =>
  `${materialName} (rental ${rentalId})`;

/**
 * What a run does to one site's hire: new lines for its draft, other drafts' lines priced again,
 * corrections on other drafts, and credit notes of finalized invoices that overcharged.
 */
type SiteHire = SiteBill & {
  removeLineIds: number[];
  onDrafts: Map<number, repo.NewCharge[]>;
  creditNotes: Map<number, repo.NewCharge[]>;
};

/**
 * The hire of one site's rental lines, each at the rate it keeps from its dispatch, planned by
 * `planHireItem`: the days since last billed, and every earlier billing checked against what the
 * history now says (decision 048). A line with no rate anywhere is reported and left unbilled.
 */
async function hireOfSite(
  tx: DbExecutor,
  site: Site,
  candidates: repo.HireCandidate[],
  returns: Map<number, { day: string; units: number }[]>,
  billed: Map<number, repo.BilledLineRow[]>,
  period: BillingPeriod,
): Promise<SiteHire> {
  const unrated = candidates.filter((item) => item.dayCents === null);
  const rates = await hireRatesFor(tx, site.id, [
    ...new Set(unrated.map((item) => item.materialTypeId)),
  ]);
  const bill: SiteHire = {
    charges: [],
    unpriced: [],
    removeLineIds: [],
    onDrafts: new Map(),
    creditNotes: new Map(),
  };
  const push = (map: Map<number, repo.NewCharge[]>, id: number, charge: repo.NewCharge) => {
    const list = map.get(id);
    if (list) list.push(charge);
    else map.set(id, [charge]);
  };
  // The rates found for unrated lines, fixed on them at once.
  const fixes: Parameters<typeof fixItemRates>[1] = [];
  for (const item of candidates) {
    let rate: HireRate | null =
      item.dayCents === null
        ? null
        : {
            dayCents: item.dayCents,
            weekCents: item.weekCents,
            minimumDays: item.minimumDays ?? 0,
          };
    if (!rate) {
      rate = rates.get(item.materialTypeId) ?? null;
      if (rate) fixes.push({ itemId: item.itemId, rate });
    }
    if (!rate) {
      bill.unpriced.push({
        ref: `item-${item.itemId}`,
        rentalId: item.rentalId,
        locationName: site.name,
        materialName: item.materialName,
        reason: 'NO_HIRE_RATE',
      });
      continue;
    }
    const lines = billed.get(item.itemId) ?? [];
    const numbers = new Map(lines.map((line) => [line.invoiceId, line.invoiceNumber]));
    const history = {
      quantity: item.quantity,
      onHire: item.onHire,
      returns: returns.get(item.itemId) ?? [],
    };
    const hireLine = (stretch: HireStretch, billedThrough: string): repo.NewCharge => ({
      kind: 'HIRE',
      description: hireDescription(item.materialName, item.rentalId),
      unit: item.unit,
      quantity: stretch.quantity,
      rentalId: item.rentalId,
      rentalItemId: item.itemId,
      fromDate: stretch.from,
      toDate: stretch.to,
      days: stretch.days,
      dayCents: rate.dayCents,
      weekCents: rate.weekCents,
      minimumDays: rate.minimumDays,
      billedThrough,
      amountCents: stretch.amountCents,
    });
    for (const action of planHireItem(history, rate, lines, period.end)) {
      if (action.type === 'bill') {
        for (const stretch of action.stretches) {
          bill.charges.push(hireLine(stretch, action.billedThrough));
        }
      } else if (action.type === 'reprice') {
        bill.removeLineIds.push(...action.removeLineIds);
        for (const stretch of action.stretches) {
          push(bill.onDrafts, action.invoiceId, hireLine(stretch, action.billedThrough));
        }
      } else {
        const named = numbers.get(action.invoiceId) ?? String(action.invoiceId);
        const charge: repo.NewCharge = {
          kind: 'CORRECTION',
          description: `Correction of ${named}: ${hireDescription(item.materialName, item.rentalId)}, hire ${displayDay(action.from)} - ${displayDay(action.billedThrough)}, as its days and rates now stand`,
          unit: item.unit,
          quantity: item.quantity,
          rentalId: item.rentalId,
          rentalItemId: item.itemId,
          fromDate: action.from,
          toDate: action.billedThrough,
          dayCents: rate.dayCents,
          weekCents: rate.weekCents,
          minimumDays: rate.minimumDays,
          billedThrough: action.billedThrough,
          correctsInvoiceId: action.invoiceId,
          amountCents: action.amountCents,
        };
        if (action.draftInvoiceId !== null) push(bill.onDrafts, action.draftInvoiceId, charge);
        else if (action.amountCents < 0) push(bill.creditNotes, action.invoiceId, charge);
        else bill.charges.push(charge);
      }
    }
  }
  await fixItemRates(tx, fixes);
  return bill;
}

/** The lost units of a site's returns, each at its replacement value on the day it was lost. */
function lossesOfSite(
  site: Site,
  losses: Awaited<ReturnType<typeof repo.unchargedLosses>>,
): SiteBill {
  const bill: SiteBill = { charges: [], unpriced: [] };
  for (const loss of losses) {
    if (loss.replacementCents === null) {
      bill.unpriced.push({
        ref: `return-${loss.returnId}`,
        rentalId: loss.rentalId,
        locationName: site.name,
        materialName: loss.materialName,
        reason: 'NO_REPLACEMENT_VALUE',
      });
      continue;
    }
    bill.charges.push({
      kind: 'WRITE_OFF',
      description: `Lost: ${loss.materialName} (rental ${loss.rentalId}, returned ${displayDay(loss.day)})`,
      unit: loss.unit,
      quantity: loss.lost,
      rentalId: loss.rentalId,
      rentalItemId: loss.itemId,
      returnId: loss.returnId,
      fromDate: loss.day,
      toDate: loss.day,
      unitCents: loss.replacementCents,
      amountCents: loss.lost * loss.replacementCents,
    });
  }
  return bill;
}

/**
 * Scrapped units charged to the customers whose damaged returns they were: repair stock goes out
 * first in, first out, so a scrap is shared among those returns, each uncharged share at the
 * type's replacement value on the scrap's day (decision 044). Grouped by site.
 */
async function scrapsBySite(
  tx: DbExecutor,
  sites: Site[],
  period: BillingPeriod,
): Promise<Map<number, SiteBill>> {
  const siteIds = new Set(sites.map((site) => site.id));
  const names = new Map(sites.map((site) => [site.id, site.name]));
  const histories = groupBy(
    await repo.repairHistories(tx, [...siteIds], period.end),
    (movement) => movement.materialId,
  );
  const days = new Map<number, string>();
  const shares = [...histories.values()].flatMap((movements) => {
    for (const movement of movements) days.set(movement.id, movement.day);
    return scrapShares(movements);
  });
  const returnIds = [...new Set(shares.map((share) => share.returnId))].filter(
    (id): id is number => id !== null,
  );
  const returns = new Map(
    (await repo.returnsToCharge(tx, returnIds)).map((row) => [row.returnId, row]),
  );
  const charged = await repo.chargedScraps(tx, [
    ...new Set(shares.map((share) => share.movementId)),
  ]);
  const bills = new Map<number, SiteBill>();
  for (const share of shares) {
    const found = share.returnId === null ? undefined : returns.get(share.returnId);
    if (!found || !siteIds.has(found.locationId)) continue;
    if (charged.has(`${share.movementId}:${found.returnId}`)) continue;
    const bill = bills.get(found.locationId) ?? { charges: [], unpriced: [] };
    bills.set(found.locationId, bill);
    if (found.replacementCents === null) {
      bill.unpriced.push({
        ref: `scrap-${share.movementId}-${found.returnId}`,
        rentalId: found.rentalId,
        locationName: names.get(found.locationId) ?? '',
        materialName: found.materialName,
        reason: 'NO_REPLACEMENT_VALUE',
      });
      continue;
    }
    const day = days.get(share.movementId)!;
    bill.charges.push({
      kind: 'SCRAP',
      description: `Scrapped: ${found.materialName} (rental ${found.rentalId}, came back damaged; scrapped ${displayDay(day)})`,
      unit: found.unit,
      quantity: share.units,
      rentalId: found.rentalId,
      rentalItemId: found.itemId,
      returnId: found.returnId,
      movementId: share.movementId,
      fromDate: day,
      toDate: day,
      unitCents: found.replacementCents,
      amountCents: share.units * found.replacementCents,
    });
  }
  return bills;
}

type Totals = { netCents: number; grossCents: number; vatCents: number };

/** A run's credit note of a finalized invoice that overcharged: its CORRECTION lines name the rental lines. */
async function correctionCreditNote(
  tx: DbExecutor,
  actor: Actor,
  invoiceId: number,
  charges: repo.NewCharge[],
  now: Date,
) {
  const invoice = await invoiceRow(tx, invoiceId);
  const { row, totals } = await issueCreditNote(tx, {
    invoice,
    createdById: actor.user.id,
    lines: charges,
    notes: 'Hire corrected by a billing run: the days or rates changed after the invoice.',
    // Kept as issued, as every finalized document is.
    issued: await creditNoteIssue(tx, invoice, actor.user.id),
    now,
  });
  return { id: row.id, invoiceId: row.invoiceId, ...totals };
}

/** `HIRE-<first day>-S<site id>`, with `-2`, `-3`... when a finalized one of the period has it. */
async function hireInvoiceId(tx: DbExecutor, site: Site, period: BillingPeriod) {
  const base = `HIRE-${period.start}-S${site.id}`;
  // The first free of base, base-2, base-3…, asked ten at a time.
  for (let first = 1; ; first += 10) {
    const ids = Array.from({ length: 10 }, (_, i) =>
      first + i === 1 ? base : `${base}-${first + i}`,
    );
    const taken = await repo.invoiceIdsTaken(tx, ids);
    const free = ids.find((id) => !taken.has(id.toLowerCase()));
    if (free) return free;
  }
}

/** The site's draft hire invoice of the period: the one a run made before, or a new one. */
async function draftFor(
  tx: DbExecutor,
  actor: Actor,
  site: Site,
  period: BillingPeriod,
  today: string,
  terms: Awaited<ReturnType<typeof billingTerms>>,
) {
  const existing = await repo.draftHireInvoice(tx, site.id, period.start, period.end);
  if (existing) return existing;
  return createHireDraft(tx, {
    kind: 'HIRE',
    status: 'DRAFT',
    invoiceId: await hireInvoiceId(tx, site, period),
    locationId: site.id,
    createdById: actor.user.id,
    clientName: site.customerName ?? site.name,
    clientAddress: site.customerAddress ?? '',
    clientEmail: site.customerEmail,
    clientVatId: site.customerVatId,
    issueDate: today,
    dueDate: addIsoDays(today, terms.paymentTermsDays),
    jobPeriod: `${displayDay(period.start)} - ${displayDay(period.end)}`,
    jobDetails: 'Hire',
    currency: terms.currency,
    vatRateBp: site.customerZeroRated ? 0 : terms.vatRateBp,
    periodStart: period.start,
    periodEnd: period.end,
  });
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * A billing run (decision 044): for each site with a customer (or the one asked), unbilled hire
 * through the period's end and uncharged losses, added to the site's draft hire invoice of the
 * period. One at a time; run again for the same period it adds nothing.
 */
export async function runBilling(
  ctx: AppContext,
  actor: Actor,
  input: { period: BillingPeriod; locationId: number | undefined },
  now: Date = new Date(),
): Promise<BillingRunResult> {
  const { period, locationId } = input;
  const today = localToday(now);
  if (!periodHasEnded(period, today)) {
    const message = BILLING_MESSAGES.periodNotEnded(displayDay(period.end));
    throw badRequest(message, [{ path: 'period', message }]);
  }
  return inTransaction(ctx, async ({ tx }) => {
    await repo.lockBillingRuns(tx, locationId);
    // A run of one site bills the location it holds, when that is a site with a customer.
    const sites =
      locationId === undefined
        ? await repo.customerSites(tx, undefined)
        : repo.asCustomerSites([await holdLocation(tx, locationId)]);
    if (locationId !== undefined && sites.length === 0) {
      throw conflict(BILLING_MESSAGES.siteNotCustomer);
    }
    const siteIds = sites.map((site) => site.id);
    const candidates = await repo.hireCandidates(tx, siteIds, period.end);
    const itemIds = candidates.map((item) => item.itemId);
    const returns = groupBy(await repo.returnDays(tx, itemIds), (row) => row.itemId);
    const billed = groupBy(await repo.billedLines(tx, itemIds), (row) => row.itemId);
    const candidatesBySite = groupBy(candidates, (item) => item.locationId);
    const lossesBySite = groupBy(
      await repo.unchargedLosses(tx, siteIds, period.end),
      (loss) => loss.locationId,
    );
    const scraps = await scrapsBySite(tx, sites, period);
    const terms = await billingTerms(tx);
    const currency = terms.currency;

    const result: BillingRunResult = {
      periodStart: period.start,
      periodEnd: period.end,
      invoices: [],
      creditNotes: [],
      unpriced: [],
    };
    for (const site of sites) {
      const hire = await hireOfSite(
        tx,
        site,
        candidatesBySite.get(site.id) ?? [],
        returns,
        billed,
        period,
      );
      const losses = lossesOfSite(site, lossesBySite.get(site.id) ?? []);
      const scrapped = scraps.get(site.id) ?? { charges: [], unpriced: [] };
      result.unpriced.push(...hire.unpriced, ...losses.unpriced, ...scrapped.unpriced);
      const entry = (
        invoice: { id: number; invoiceId: string },
        lines: number,
        totals: Totals,
      ) => ({
        id: invoice.id,
        invoiceId: invoice.invoiceId,
        locationId: site.id,
        locationName: site.name,
        clientName: site.customerName ?? site.name,
        linesAdded: lines,
        currency,
        netCents: totals.netCents,
        grossCents: totals.grossCents,
      });

      // Drafts of earlier runs priced again, or corrected.
      await removeDraftCharges(tx, hire.removeLineIds);
      for (const [draftId, charges] of hire.onDrafts) {
        const draft = await invoiceRow(tx, draftId);
        const totals = await addDraftCharges(tx, draft, charges);
        result.invoices.push(entry(draft, charges.length, totals));
      }
      // Finalized invoices that overcharged: a credit note each, naming them.
      for (const [invoiceId, charges] of hire.creditNotes) {
        const note = await correctionCreditNote(tx, actor, invoiceId, charges, now);
        result.creditNotes.push(entry(note, charges.length, note));
      }

      const charges = [...hire.charges, ...losses.charges, ...scrapped.charges];
      if (charges.length === 0) continue;
      const invoice = await draftFor(tx, actor, site, period, today, terms);
      const totals = await addDraftCharges(tx, invoice, charges);
      result.invoices.push(entry(invoice, charges.length, totals));
    }

    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'BILLING_RUN',
      description: `Billing run ${displayDay(period.start)} - ${displayDay(period.end)}: ${result.invoices.length} hire invoices`,
      entityType: 'invoice',
      entityId: null,
      locationId: locationId ?? null,
      details: {
        periodStart: period.start,
        periodEnd: period.end,
        invoices: result.invoices.map(({ id, linesAdded, netCents }) => ({
          id,
          linesAdded,
          netCents,
        })),
        creditNotes: result.creditNotes.map(({ id, invoiceId, netCents }) => ({
          id,
          number: invoiceId,
          netCents,
        })),
        unpriced: result.unpriced.length,
      },
    });
    return result;
  });
}

/** Whether a rental is on an invoice (a hire, loss or scrap line): then its items stay as billed. */
export const isRentalBilled = (db: DbExecutor, rentalId: number) =>
  repo.rentalIsBilled(db, rentalId);
