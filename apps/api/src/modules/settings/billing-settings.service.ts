import {
  type BillingSettings,
  type BillingSettingsInput,
  DEFAULT_BILLING_TERMS,
  type DocumentSeries,
  INVOICE_UOMS,
  type InvoiceUom,
  JOB_TYPES,
  type JobType,
  MONEY_MESSAGES,
  NEXT_NUMBER_LABELS,
  vatBpToPercent,
  vatPercentToBp,
  type WorkRate,
  type WorkRatesInput,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import * as repo from './billing-settings.repository';

/**
 * The company's money settings: currency, VAT rate and payment terms,
 * the next numbers of this year's invoices and credit notes, and the work rates of the volume
 * invoices. An admin's.
 */

/** What invoices are billed with: the saved settings, or their defaults until an admin saves. */
export type BillingTerms = { currency: string; vatRateBp: number; paymentTermsDays: number };

/** The currency, VAT rate (basis points) and payment terms new invoices take. */
export async function billingTerms(db: DbExecutor): Promise<BillingTerms> {
  const row = await repo.findBillingSettings(db);
  return {
    currency: row?.currency ?? DEFAULT_BILLING_TERMS.currency,
    vatRateBp: row?.vatRateBp ?? DEFAULT_BILLING_TERMS.vatRateBp,
    paymentTermsDays: row?.paymentTermsDays ?? DEFAULT_BILLING_TERMS.paymentTermsDays,
  };
}

/** The key of a job type and unit in {@link workRateTable}. */
export const workRateKey = (jobType: JobType, uom: InvoiceUom) => `${jobType}|${uom}` as const;

/** Every work rate there is, by `${jobType}|${uom}` (see {@link workRateKey}), in cents. */
export async function workRateTable(db: DbExecutor): Promise<Map<string, number>> {
  const rows = await repo.allWorkRates(db);
  return new Map(rows.map((r) => [workRateKey(r.jobType, r.uom), r.rateCents]));
}

/** The year whose series the settings show and raise. */
const currentYear = () => new Date().getUTCFullYear();

async function readSettings(db: DbExecutor, lock = false): Promise<BillingSettings> {
  const year = currentYear();
  const terms = await billingTerms(db);
  const next = await repo.nextNumbers(db, year, lock);
  return {
    currency: terms.currency,
    vatRatePercent: vatBpToPercent(terms.vatRateBp),
    paymentTermsDays: terms.paymentTermsDays,
    nextInvoiceNumber: next.INVOICE,
    nextCreditNoteNumber: next.CREDIT_NOTE,
    year,
  };
}

export async function getBillingSettings(ctx: AppContext): Promise<BillingSettings> {
  return readSettings(ctx.db);
}

const SERIES_FIELDS = {
  INVOICE: 'nextInvoiceNumber',
  CREDIT_NOTE: 'nextCreditNoteNumber',
} as const satisfies Record<DocumentSeries, keyof typeof NEXT_NUMBER_LABELS>;

function refuseLowered(series: DocumentSeries, next: number): never {
  const field = SERIES_FIELDS[series];
  const message = MONEY_MESSAGES.numberLowered(NEXT_NUMBER_LABELS[field], next);
  throw badRequest(message, [{ path: field, message }]);
}

/**
 * Saves the settings. A next number may be raised (continuing another system's series), never
 * lowered below the series' next: a number once given is never given again.
 */
export async function updateBillingSettings(
  ctx: AppContext,
  actor: Actor,
  input: BillingSettingsInput,
): Promise<BillingSettings> {
  return inTransaction(ctx, async ({ tx }) => {
    const before = await readSettings(tx, true);
    const raised: Partial<Record<DocumentSeries, number>> = {};
    for (const [series, field] of Object.entries(SERIES_FIELDS) as [
      DocumentSeries,
      (typeof SERIES_FIELDS)[DocumentSeries],
    ][]) {
      const wanted = input[field];
      if (wanted === undefined || wanted === before[field]) continue;
      if (wanted < before[field]) refuseLowered(series, before[field]);
      if (!(await repo.raiseNextNumber(tx, series, before.year, wanted))) {
        const now = await repo.nextNumbers(tx, before.year);
        refuseLowered(series, now[series]);
      }
      raised[series] = wanted;
    }
    await repo.saveBillingSettings(
      tx,
      {
        currency: input.currency,
        vatRateBp: vatPercentToBp(input.vatRatePercent),
        paymentTermsDays: input.paymentTermsDays,
      },
      actor.user.id,
    );
    const after = await readSettings(tx);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_BILLING_SETTINGS',
      description: 'Updated the billing settings',
      entityType: 'company',
      entityId: '1',
      locationId: null,
      details: { before, after },
      ip: actor.ip,
    });
    return after;
  });
}

/** Every job type × unit, in the order of JOB_TYPES and INVOICE_UOMS, with its rate or null. */
export async function getWorkRates(ctx: AppContext): Promise<WorkRate[]> {
  return ratesOf(await workRateTable(ctx.db));
}

function ratesOf(table: Map<string, number>): WorkRate[] {
  return JOB_TYPES.flatMap((jobType) =>
    INVOICE_UOMS.map((uom) => ({
      jobType,
      uom,
      rateCents: table.get(workRateKey(jobType, uom)) ?? null,
    })),
  );
}

/** The work rates become the list's: a pair left out, or with a null rate, has none. */
export async function updateWorkRates(
  ctx: AppContext,
  actor: Actor,
  input: WorkRatesInput,
): Promise<WorkRate[]> {
  return inTransaction(ctx, async ({ tx }) => {
    const before = await workRateTable(tx);
    await repo.replaceWorkRates(tx, input.rates);
    const after = await workRateTable(tx);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_WORK_RATES',
      description: 'Updated the work rates',
      entityType: 'company',
      entityId: '1',
      locationId: null,
      details: { before: Object.fromEntries(before), after: Object.fromEntries(after) },
      ip: actor.ip,
    });
    return ratesOf(after);
  });
}

/**
 * The next number of a document series in a year, in the caller's transaction (no gaps, never
 * reused); the settings that show and raise the next numbers own the counters.
 */
export const takeDocumentNumber = repo.takeDocumentNumber;
