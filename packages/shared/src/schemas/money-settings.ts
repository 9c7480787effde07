import { z } from 'zod';
import { parseMoneyToCents } from '../billing';
import { INVOICE_UOMS, JOB_TYPES } from '../calculations';
import { idText } from './common';

/**
 * The company's money settings: the billing settings, the work rates of
 * the volume invoices, and the hire rates of the catalogue and of a site's customer. Every amount
 * an API takes or answers is whole cents (`…Cents`); the forms type decimals and convert them
 * with parseMoneyToCents and centsToDecimalString.
 */

/** The dearest rate, in cents: ten million of the currency. */
export const MAX_RATE_CENTS = 1_000_000_000;
/** The longest minimum hire, in days. */
export const MAX_MINIMUM_DAYS = 365;
/** The longest payment terms, in days. */
export const MAX_PAYMENT_TERMS_DAYS = 365;
/** The highest document number a series takes. */
export const MAX_DOCUMENT_NUMBER = 1_000_000_000;

/** The currencies the company may bill in: ISO 4217 codes this runtime knows. */
export const CURRENCIES: readonly string[] = Intl.supportedValuesOf('currency');

export const MONEY_MESSAGES = {
  currency: 'Currency must be an ISO 4217 code such as EUR or GBP',
  vatRate: 'VAT rate must be a number from 0 to 100 with at most 2 decimals',
  paymentTerms: `Payment terms must be a whole number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}`,
  documentNumber: (what: string) => `${what} must be a whole number of at least 1`,
  numberLowered: (what: string, next: number) =>
    `${what} cannot be lower than ${next}: numbers are never reused`,
  rate: (field: string) => `${field} must be an amount of at least 0 with at most 2 decimals`,
  minimumDays: `Minimum hire must be a whole number of days from 0 to ${MAX_MINIMUM_DAYS}`,
  weekNeedsDay: 'A weekly rate needs a daily rate',
  jobType: `Job type must be one of ${JOB_TYPES.join(', ')}`,
  uom: `Unit must be one of ${INVOICE_UOMS.join(', ')}`,
  workRateTwice: (jobType: string, uom: string) => `${jobType} per ${uom} is listed twice`,
  rateNotFound: 'This site has no rate of its own for that material',
  materialRequired: 'Please select a material',
  dayRateRequired: 'Enter a hire rate per day',
} as const;

/** A rate in whole cents, at least 0. */
export const centsField = (field: string) =>
  z
    .int({ error: MONEY_MESSAGES.rate(field) })
    .min(0, { error: MONEY_MESSAGES.rate(field) })
    .max(MAX_RATE_CENTS, { error: MONEY_MESSAGES.rate(field) });

/** A rate that may be absent: null (or left out) is no rate. */
export const optionalCentsField = (field: string) => centsField(field).nullable().default(null);

const minimumDays = z
  .int({ error: MONEY_MESSAGES.minimumDays })
  .min(0, { error: MONEY_MESSAGES.minimumDays })
  .max(MAX_MINIMUM_DAYS, { error: MONEY_MESSAGES.minimumDays });

/** A minimum hire in whole days; left out is 0. */
export const minimumDaysField = minimumDays.default(0);

/**
 * A form's typed amount ("12.50", "1,234") as cents; blank is null (no rate). The forms' schemas
 * use it so that what is sent is cents, as the API takes them.
 */
export const moneyTextField = (field: string) =>
  z.string().transform((text, ctx) => {
    if (text.trim() === '') return null;
    const cents = parseMoneyToCents(text);
    if (cents === null || cents > MAX_RATE_CENTS) {
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.rate(field) });
      return z.NEVER;
    }
    return cents;
  });

/**
 * A customer rate's minimum hire: a whole number of days, 0 included; null (or left out) states
 * none, and the catalogue's minimum applies.
 */
export const ownMinimumDaysField = minimumDays.nullable().default(null);

/** A form's own minimum ("7", "0"); blank is null: the catalogue's minimum applies. */
export const ownMinimumDaysText = z
  .string()
  .transform((text) => (text.trim() === '' ? null : Number(text.trim())))
  .pipe(minimumDays.nullable());

/** A form's whole number of days ("7"); blank is 0. */
export const minimumDaysText = z
  .string()
  .transform((text) => (text.trim() === '' ? 0 : Number(text.trim())))
  .pipe(minimumDays);

/** Whether a day and a week rate go together: a week rate alone is refused. */
export const weekRateWithoutDayRate = (dayCents: number | null, weekCents: number | null) =>
  weekCents !== null && dayCents === null;

// -------------------------------------------------------------------------------------------
// Billing settings: GET and PUT /api/settings/billing (admins)
// -------------------------------------------------------------------------------------------

export const NEXT_NUMBER_LABELS = {
  nextInvoiceNumber: 'Next invoice number',
  nextCreditNoteNumber: 'Next credit note number',
} as const;

const documentNumberField = (what: string) =>
  z
    .int({ error: MONEY_MESSAGES.documentNumber(what) })
    .min(1, { error: MONEY_MESSAGES.documentNumber(what) })
    .max(MAX_DOCUMENT_NUMBER, { error: MONEY_MESSAGES.documentNumber(what) });

/** A VAT rate in percent (20, 17.5) to basis points (2000, 1750). */
export const vatPercentToBp = (percent: number) => Math.round(percent * 100);
/** Basis points back to percent. */
export const vatBpToPercent = (bp: number) => bp / 100;

export const billingSettingsSchema = z.object({
  currency: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z
      .string({ error: MONEY_MESSAGES.currency })
      .refine((code) => CURRENCIES.includes(code), { error: MONEY_MESSAGES.currency }),
  ),
  /** Percent, e.g. 20 or 17.5: at most 2 decimals (whole basis points). */
  vatRatePercent: z
    .number({ error: MONEY_MESSAGES.vatRate })
    .min(0, { error: MONEY_MESSAGES.vatRate })
    .max(100, { error: MONEY_MESSAGES.vatRate })
    // Exactly a whole number of hundredths: 1e-9 is refused, not stored as 0 %.
    .refine((n) => Math.round(n * 100) / 100 === n, { error: MONEY_MESSAGES.vatRate }),
  paymentTermsDays: z
    .int({ error: MONEY_MESSAGES.paymentTerms })
    .min(0, { error: MONEY_MESSAGES.paymentTerms })
    .max(MAX_PAYMENT_TERMS_DAYS, { error: MONEY_MESSAGES.paymentTerms }),
  /** Raise only: a number below the series' next is refused (numbers are never reused). */
  nextInvoiceNumber: documentNumberField(NEXT_NUMBER_LABELS.nextInvoiceNumber).optional(),
  nextCreditNoteNumber: documentNumberField(NEXT_NUMBER_LABELS.nextCreditNoteNumber).optional(),
});
export type BillingSettingsInput = z.infer<typeof billingSettingsSchema>;

export const billingSettingsDto = z.object({
  currency: z.string(),
  vatRatePercent: z.number(),
  paymentTermsDays: z.int(),
  /** The next numbers of this year's series (1 when none was given yet). */
  nextInvoiceNumber: z.int(),
  nextCreditNoteNumber: z.int(),
  year: z.int(),
});
export type BillingSettings = z.infer<typeof billingSettingsDto>;

// -------------------------------------------------------------------------------------------
// Work rates: GET and PUT /api/settings/work-rates (admins)
// -------------------------------------------------------------------------------------------

const workRateKey = {
  jobType: z.enum(JOB_TYPES, { error: MONEY_MESSAGES.jobType }),
  uom: z.enum(INVOICE_UOMS, { error: MONEY_MESSAGES.uom }),
};

/** One job type and unit's rate: null is no rate. */
export const workRateDto = z.object({ ...workRateKey, rateCents: z.int().nullable() });
export type WorkRate = z.infer<typeof workRateDto>;

/**
 * The whole table: each job type and unit listed once, with its rate in cents or null (no rate).
 * A pair left out has no rate afterwards.
 */
export const workRatesSchema = z.object({
  rates: z
    .array(z.object({ ...workRateKey, rateCents: centsField('Rate').nullable() }))
    .max(JOB_TYPES.length * INVOICE_UOMS.length)
    .superRefine((rates, ctx) => {
      const seen = new Set<string>();
      rates.forEach((rate, index) => {
        const key = `${rate.jobType}|${rate.uom}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: MONEY_MESSAGES.workRateTwice(rate.jobType, rate.uom),
          });
        }
        seen.add(key);
      });
    }),
});
export type WorkRatesInput = z.infer<typeof workRatesSchema>;

// -------------------------------------------------------------------------------------------
// A site's customer rates: /api/locations/:id/rates (admins)
// -------------------------------------------------------------------------------------------

export const customerRateParams = z.object({ id: idText(), materialTypeId: idText() });

export const customerRateSchema = z.object({
  dayCents: centsField('Hire rate per day'),
  weekCents: optionalCentsField('Hire rate per week'),
  minimumDays: ownMinimumDaysField,
});
export type CustomerRateInput = z.infer<typeof customerRateSchema>;

const hireRateDto = z.object({
  dayCents: z.int(),
  weekCents: z.int().nullable(),
  minimumDays: z.int(),
});

/**
 * A site's own rate for a material type, with the catalogue's beside it (null: none).
 * `minimumDays` is the rate's own minimum, null when it states none and inherits the catalogue's;
 * `effectiveMinimumDays` is the one that applies.
 */
export const customerRateDto = hireRateDto.extend({
  minimumDays: z.int().nullable(),
  effectiveMinimumDays: z.int(),
  materialTypeId: z.int(),
  materialTypeName: z.string(),
  itemNumber: z.string().nullable(),
  unit: z.string(),
  catalogue: hireRateDto.nullable(),
});
export type CustomerRate = z.infer<typeof customerRateDto>;

/** The billing settings until an admin saves them (the columns' defaults, migration 0050). */
export const DEFAULT_BILLING_TERMS = {
  currency: 'EUR',
  vatRateBp: 2000,
  paymentTermsDays: 15,
} as const;

/** The document series, numbered per year. */
export const DOCUMENT_SERIES = ['INVOICE', 'CREDIT_NOTE'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

// -------------------------------------------------------------------------------------------
// The forms: typed decimals to the cents the API takes
// -------------------------------------------------------------------------------------------

/** The Customer rates dialog's form: a material type, the rates typed as decimals. */
export const customerRateFormSchema = z
  .object({
    materialTypeId: z
      .string()
      .regex(/^[1-9][0-9]*$/, { error: MONEY_MESSAGES.materialRequired })
      .transform(Number),
    dayCents: moneyTextField('Hire rate per day').refine((cents) => cents !== null, {
      error: MONEY_MESSAGES.dayRateRequired,
    }),
    weekCents: moneyTextField('Hire rate per week'),
    minimumDays: ownMinimumDaysText,
  })
  .transform(({ dayCents, ...rest }) => ({ ...rest, dayCents: dayCents! }));
export type CustomerRateFormOutput = z.infer<typeof customerRateFormSchema>;

/** The Work rates table's form: one typed rate per job type and unit, blank for none. */
export const workRateFormSchema = z.object({
  rates: z.array(z.object({ ...workRateKey, rateCents: moneyTextField('Rate') })),
});

/** The catalogue form's hire fields, typed as decimals (see materialTypeFormSchema). */
export const hireRateFormFields = {
  hireDayCents: moneyTextField('Hire rate per day'),
  hireWeekCents: moneyTextField('Hire rate per week'),
  minimumHireDays: minimumDaysText,
};

/** A form's week rate typed without a day rate is refused on the week's field. */
export function hireRatesTogether(
  value: { hireDayCents: number | null; hireWeekCents: number | null },
  ctx: z.RefinementCtx,
) {
  if (weekRateWithoutDayRate(value.hireDayCents, value.hireWeekCents)) {
    ctx.addIssue({ code: 'custom', path: ['hireWeekCents'], message: MONEY_MESSAGES.weekNeedsDay });
  }
}

/** A form's number typed as text ("17.5", "30"); blank is left out; anything else as it is. */
const numberFromText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : value;
};

const billingShape = billingSettingsSchema.shape;

/** The Billing card's form: its numbers typed as text, checked by the API's rules. */
export const billingSettingsFormSchema = z.object({
  currency: billingShape.currency,
  vatRatePercent: z.preprocess(numberFromText, billingShape.vatRatePercent),
  paymentTermsDays: z.preprocess(numberFromText, billingShape.paymentTermsDays),
  nextInvoiceNumber: z.preprocess(numberFromText, billingShape.nextInvoiceNumber),
  nextCreditNoteNumber: z.preprocess(numberFromText, billingShape.nextCreditNoteNumber),
});

/** The Billing card's toasts (the settings page's titles, 03 section 8). */
export const MONEY_TOASTS = {
  billingSaved: 'Billing settings saved',
  billingFailed: 'Failed to save the billing settings',
  billingLoadFailed: 'Failed to fetch the billing settings',
  workRatesSaved: 'Work rates saved',
  workRatesFailed: 'Failed to save the work rates',
} as const;
