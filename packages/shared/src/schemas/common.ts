import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants';
import { blankToUndefined, controlCharactersMessage } from './text';

/** The largest value of PostgreSQL's integer (int4), the type of every id column. */
export const MAX_ID = 2_147_483_647;

/**
 * The last page a list takes: its offset, (page - 1) * limit, then fits an int4 too, whatever the
 * limit (the inventory's reads bind the offset as one).
 */
export const MAX_PAGE = Math.floor(MAX_ID / MAX_PAGE_LIMIT) + 1;

export const TEXT_MESSAGES = {
  controlCharacters: controlCharactersMessage,
  invalidId: `Id must be a whole number from 1 to ${MAX_ID}`,
  page: `Page must be a whole number from 1 to ${MAX_PAGE}`,
  limit: (max: number) => `Limit must be a whole number from 1 to ${max}`,
  /** A query parameter the route does not declare (its name, at most 100 characters of it). */
  unknownQueryParameter: (name: string) =>
    `Unknown query parameter: ${name.length > 100 ? `${name.slice(0, 100)}...` : name}`,
} as const;

/** A whole number from 1 written in plain decimal digits: no sign, hex, exponent or leading zero. */
const POSITIVE_DIGITS = /^[1-9][0-9]*$/;

/** A path or query value, always text: plain digits become a number, anything else stays to be refused. */
const positiveDigits = (value: unknown) =>
  typeof value === 'string' && POSITIVE_DIGITS.test(value) ? Number(value) : value;

/** A JSON number as it is; a form's text of plain digits, trimmed, as the number it spells. */
export const numberFromDigits =
  (digits: RegExp = POSITIVE_DIGITS) =>
  (value: unknown) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return digits.test(text) ? Number(text) : value;
  };

/** A whole number from 1 to MAX_ID, each failure worded by `message`. */
const idNumber = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });

/** An id in a path or a query: plain digits only, so `0x3d`, `+61`, `061` and `61e0` are not 61. */
export const idText = (message: string = TEXT_MESSAGES.invalidId) =>
  z.preprocess(positiveDigits, idNumber(message));

/** An id in a JSON body (a number) or a form (its digits as text): required. */
export const idField = (message: string = TEXT_MESSAGES.invalidId) =>
  z.preprocess(numberFromDigits(), idNumber(message));

/** A location chosen in a select: required, an id (a JSON number, or a form's digits). */
export const locationIdField = (message = 'Location is required') => idField(message);

/** An optional id filter of a query: blank means no filter. */
export const optionalIdQuery = (message: string = TEXT_MESSAGES.invalidId) =>
  z.preprocess((value) => positiveDigits(blankToUndefined(value)), idNumber(message).optional());

export const idParam = z.object({ id: idText() });

/** A whole number of a query from 1 to `max`, in plain digits. */
export const countQuery = (max: number, message: string) =>
  z.preprocess(
    positiveDigits,
    z
      .number({ error: message })
      .int({ error: message, abort: true })
      .min(1, { error: message })
      .max(max, { error: message }),
  );

/** `page` from 1 and `limit` capped at MAX_PAGE_LIMIT, as every list endpoint takes them. */
export function paginationQuery(defaultLimit: number) {
  return z.object({
    page: countQuery(MAX_PAGE, TEXT_MESSAGES.page).default(1),
    limit: countQuery(MAX_PAGE_LIMIT, TEXT_MESSAGES.limit(MAX_PAGE_LIMIT)).default(defaultLimit),
  });
}
