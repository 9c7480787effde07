import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isoToDisplayDate, parseIsoDate } from '../dates';

/**
 * Dates as they happened (decision 048): a dispatch, a return, a repair and a scrap say
 * the day they happened, which the server checks against today (on the company's calendar), the
 * movement's own history and who enters it. One set of rules and messages for the forms and the
 * server.
 */

/** How many days back a field manager may date a movement (an admin: any day). */
export const FIELD_MANAGER_BACKDATE_DAYS = 7;

export const MOVEMENT_DATE_MESSAGES = {
  invalid: INVALID_DATE_MESSAGE,
  future: 'The date cannot be in the future.',
  tooFarBack: `A field manager may date a movement at most ${FIELD_MANAGER_BACKDATE_DAYS} days back: ask an admin for an earlier day.`,
  beforeDispatch: (dispatch: string) =>
    `A return cannot be dated before its rental went out (${isoToDisplayDate(dispatch)}).`,
  afterReturn: (firstReturn: string) =>
    `The rental cannot be dated after its first return (${isoToDisplayDate(firstReturn)}).`,
  beforeDamage: (damaged: string) =>
    `A scrap cannot be dated before the damaged return it writes off (${isoToDisplayDate(damaged)}).`,
  correctionAdminOnly: "Only an admin can correct a movement's date.",
  reasonRequired: 'Give a reason for the correction',
  rerateAdminOnly: "Only an admin can change a rental line's rates.",
} as const;

/** A movement's day as sent: yyyy-MM-dd (a full instant is read as its calendar day). */
export const movementDateField = z
  .string({ error: MOVEMENT_DATE_MESSAGES.invalid })
  .trim()
  .transform((text) => text.slice(0, 10))
  .refine((text) => parseIsoDate(text) !== null, { error: MOVEMENT_DATE_MESSAGES.invalid });

/** Optional: left out (or blank), the server takes today. */
export const optionalMovementDateField = z.preprocess(
  (value) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  movementDateField.optional(),
);

const DAY_MS = 86_400_000;

/** The days from `from` to `to` (yyyy-MM-dd; negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  const ms = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
  return Math.round((ms(to) - ms(from)) / DAY_MS);
}

/**
 * Why a movement may not be dated `date`, or null when it may: never after `today`; never before
 * `notBefore` (its dispatch for a return, its damaged return for a scrap: `notBeforeMessage`);
 * never after `notAfter` (a dispatch's first return); a field manager never more than
 * FIELD_MANAGER_BACKDATE_DAYS days back (an admin any day).
 */
export function movementDateRefusal(
  date: string,
  rules: {
    today: string;
    admin: boolean;
    notBefore?: { date: string; message: string } | null;
    notAfter?: { date: string; message: string } | null;
  },
): string | null {
  if (parseIsoDate(date) === null) return MOVEMENT_DATE_MESSAGES.invalid;
  if (date > rules.today) return MOVEMENT_DATE_MESSAGES.future;
  if (rules.notBefore && date < rules.notBefore.date) return rules.notBefore.message;
  if (rules.notAfter && date > rules.notAfter.date) return rules.notAfter.message;
  if (!rules.admin && daysBetween(date, rules.today) > FIELD_MANAGER_BACKDATE_DAYS) {
    return MOVEMENT_DATE_MESSAGES.tooFarBack;
  }
  return null;
}

const reasonField = z
  .string({ error: MOVEMENT_DATE_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: MOVEMENT_DATE_MESSAGES.reasonRequired })
  .max(500, { error: 'The reason must be at most 500 characters' });

/** PATCH /api/material-rentals/{id}/returns/{returnId} (admins): the return's day corrected. */
export const returnDateCorrectionSchema = z.object({
  returnDate: movementDateField,
  reason: reasonField,
});
export type ReturnDateCorrectionInput = z.infer<typeof returnDateCorrectionSchema>;

/** PATCH /api/material-rentals/{id}/rental-date (admins): the dispatch's day corrected. */
export const rentalDateCorrectionSchema = z.object({
  rentalDate: movementDateField,
  reason: reasonField,
});
export type RentalDateCorrectionInput = z.infer<typeof rentalDateCorrectionSchema>;

const centsOf = (what: string) =>
  z
    .int({ error: `${what} must be a whole number of cents from 0` })
    .min(0, { error: `${what} must be a whole number of cents from 0` })
    .max(100_000_000, { error: `${what} is too large` });

/**
 * PATCH /api/material-rentals/{id}/items/{itemId}/rates (admins): a line re-rated on purpose, with
 * the reason the activity log keeps. The billing runs then correct what was billed at the old rate.
 */
export const rentalItemRatesSchema = z.object({
  dayCents: centsOf('The day rate'),
  weekCents: centsOf('The week rate').nullable().default(null),
  minimumDays: z
    .int({ error: 'Minimum hire must be a whole number of days from 0 to 365' })
    .min(0, { error: 'Minimum hire must be a whole number of days from 0 to 365' })
    .max(365, { error: 'Minimum hire must be a whole number of days from 0 to 365' }),
  reason: reasonField,
});
export type RentalItemRatesInput = z.infer<typeof rentalItemRatesSchema>;

/** The repair stock's Repair and Scrap: the day it happened (left out: today). */
export const repairDateFields = { occurredOn: optionalMovementDateField };
