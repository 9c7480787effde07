import { z } from 'zod';
import { localToday, parseIsoDate, toIsoDate } from '../dates';
import { optionalIdQuery } from './common';

/**
 * Billing runs: the hire of a period, from the rentals' dispatch and
 * return days, made into a draft hire invoice per customer (site).
 */

/** A calendar month, or a 28-day cycle from a chosen first day. */
export const BILLING_PERIOD_TYPES = ['MONTH', 'CYCLE_28'] as const;
export type BillingPeriodType = (typeof BILLING_PERIOD_TYPES)[number];
export const BILLING_PERIOD_LABELS: Record<BillingPeriodType, string> = {
  MONTH: 'Calendar month',
  CYCLE_28: '28-day cycle',
};
export const BILLING_CYCLE_DAYS = 28;

export const BILLING_MESSAGES = {
  periodTypeInvalid: 'Period must be a calendar month or a 28-day cycle',
  monthRequired: 'Month is required, yyyy-mm',
  // The field takes the day as people write it.
  startRequired: 'First day of the cycle is required, dd/mm/yyyy',
  periodNotEnded: (lastDay: string) =>
    `A period is billed once it has ended: this one runs to ${lastDay}.`,
  siteNotCustomer: 'This location has no customer to bill: give the site its customer first.',
  nothingNew: 'Nothing new to bill for this period: every rental is billed up to its end.',
  rentalBilled:
    'This rental is on an invoice: its items stay as billed and it is not deleted. Correct the invoice with a credit note.',
  done: (invoices: number) =>
    `Billing run done: ${invoices} draft hire ${invoices === 1 ? 'invoice' : 'invoices'} made or added to.`,
} as const;

const MONTH_TEXT = /^(\d{4})-(\d{2})$/;

/** The first and last day of a billing period, both included. */
export type BillingPeriod = { start: string; end: string };

/** The days of a month (yyyy-MM), or null when it is not one. */
export function monthPeriod(month: string): BillingPeriod | null {
  const match = MONTH_TEXT.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const monthNumber = Number(match[2]);
  if (monthNumber < 1 || monthNumber > 12) return null;
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return {
    start: toIsoDate({ year, month: monthNumber, day: 1 }),
    end: toIsoDate({ year, month: monthNumber, day: lastDay }),
  };
}

/** The 28 days from `start` (yyyy-MM-dd), or null when it is not a day. */
export function cyclePeriod(start: string): BillingPeriod | null {
  const day = parseIsoDate(start);
  if (!day) return null;
  const last = new Date(Date.UTC(day.year, day.month - 1, day.day + BILLING_CYCLE_DAYS - 1));
  return {
    start,
    end: toIsoDate({
      year: last.getUTCFullYear(),
      month: last.getUTCMonth() + 1,
      day: last.getUTCDate(),
    }),
  };
}

/** A run's period has ended once its last day is before today (hire is billed in arrears). */
export const periodHasEnded = (period: BillingPeriod, today: string = localToday()) =>
  period.end < today;

/** POST /api/billing/runs: the period, and one site or (none) every site with a customer. */
export const billingRunSchema = z
  .object({
    periodType: z.enum(BILLING_PERIOD_TYPES, { error: BILLING_MESSAGES.periodTypeInvalid }),
    month: z.string().optional(),
    start: z.string().optional(),
    locationId: optionalIdQuery(),
  })
  .strict()
  .transform((input, context) => {
    const period =
      input.periodType === 'MONTH'
        ? monthPeriod(input.month ?? '')
        : cyclePeriod(input.start ?? '');
    if (!period) {
      const month = input.periodType === 'MONTH';
      context.addIssue({
        code: 'custom',
        path: [month ? 'month' : 'start'],
        message: month ? BILLING_MESSAGES.monthRequired : BILLING_MESSAGES.startRequired,
      });
      return z.NEVER;
    }
    return { period, locationId: input.locationId };
  });
export type BillingRunInput = z.input<typeof billingRunSchema>;

/** One draft hire invoice a run made or added to. */
export const billingRunInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceId: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  clientName: z.string(),
  /** Lines this run added, and the invoice's totals after it. */
  linesAdded: z.number().int(),
  currency: z.string(),
  netCents: z.number().int(),
  grossCents: z.number().int(),
});

/** What a run could not price: a rental line whose type has no hire rate, a loss with no value. */
export const billingUnpricedSchema = z.object({
  /** The rental line (`item-<id>`) or the return of the loss (`return-<id>`) it is about. */
  ref: z.string(),
  rentalId: z.number().int(),
  locationName: z.string(),
  materialName: z.string(),
  reason: z.enum(['NO_HIRE_RATE', 'NO_REPLACEMENT_VALUE']),
});

export const billingRunResultSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  invoices: z.array(billingRunInvoiceSchema),
  /**
   * Credit notes the run made: finalized invoices that overcharged once a day or a
   * rate of their rental lines changed after them, each credited the difference.
   */
  creditNotes: z.array(billingRunInvoiceSchema),
  unpriced: z.array(billingUnpricedSchema),
});
export type BillingRunResult = z.infer<typeof billingRunResultSchema>;
export type BillingUnpriced = z.infer<typeof billingUnpricedSchema>;
