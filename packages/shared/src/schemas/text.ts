import { z } from 'zod';

/**
 * Text a person typed, read the same way by every schema: what counts as blank, how a value is
 * upper-cased, which characters are refused, and the required and optional text fields.
 */

/** Nothing typed: null, undefined or only white space. */
export const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** A blank value (null or white space only) becomes undefined, so that `.optional()` or a default applies. */
export const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * The key a name, an item number or an e-mail is unique by, as the unique indexes'
 * lower(btrim(...)) are: case and surrounding spaces do not count.
 */
export const textKey = (text: string) => text.trim().toLowerCase();

/** Text trimmed and upper-cased, as enum values compare; anything else as it is. */
export const upperCased = (value: unknown) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;

/** C0 and C1 control characters (NUL among them), which PostgreSQL text or a log line cannot carry. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same, less tab, line feed and carriage return, which a multi-line text keeps. */
const CONTROL_CHARACTER_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

export const controlCharactersMessage = (field: string) =>
  `${field} must not contain control characters`;

/**
 * Text a person typed: `field` names it in the message. The check runs last, after the caller's
 * trim, min and max, so a trailing newline trimmed away is no fault.
 */
export function plainText<T extends z.ZodString>(
  schema: T,
  field: string,
  options: { multiline?: boolean } = {},
): T {
  const pattern = options.multiline ? CONTROL_CHARACTER_BUT_LINES : CONTROL_CHARACTER;
  return schema.refine((value) => !pattern.test(value), {
    error: controlCharactersMessage(field),
  }) as T;
}

const atMost = (field: string, max: number) => `${field} must be at most ${max} characters`;

/** Required text, trimmed: blank (or missing) is `message`, longer than `max` says so. */
export const requiredText = (
  field: string,
  message: string,
  max: number,
  options: { multiline?: boolean } = {},
) =>
  z.preprocess(
    blankToUndefined,
    plainText(
      z
        .string({ error: message })
        .trim()
        .min(1, { error: message })
        .max(max, { error: atMost(field, max) }),
      field,
      options,
    ),
  );

/** Optional text, trimmed: blank is undefined; `min` a shortest length with its own message. */
export const optionalText = (
  field: string,
  max: number,
  options: { multiline?: boolean; min?: { length: number; message: string } } = {},
) =>
  z.preprocess(
    blankToUndefined,
    plainText(
      z
        .string({ error: `${field} must be text` })
        .trim()
        .min(options.min?.length ?? 0, { error: options.min?.message })
        .max(max, { error: atMost(field, max) }),
      field,
      { multiline: options.multiline },
    ).optional(),
  );

/** Optional text kept in a nullable column, trimmed: blank is null. */
export const nullableText = (field: string, max: number, options: { multiline?: boolean } = {}) =>
  z.preprocess(
    (value) => (isBlank(value) ? null : value),
    plainText(
      z
        .string({ error: atMost(field, max) })
        .trim()
        .max(max, { error: atMost(field, max) }),
      field,
      options,
    ).nullable(),
  );

/** Optional text kept as '' when none, trimmed: blank is ''; `message` words every failure but control characters. */
export const textOrEmpty = (field: string, max: number, message?: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? '' : value),
    plainText(
      z
        .string({ error: message ?? atMost(field, max) })
        .trim()
        .max(max, { error: message ?? atMost(field, max) }),
      field,
    ),
  );
