/**
 * A timestamp read as `(column at time zone 'UTC')::text`, as the API writes instants: ISO 8601
 * in UTC with milliseconds, as `Date#toISOString` gives them. PostgreSQL writes such a value as
 * '2026-11-22 10:47:05.123456' (the fraction shortened or left out when it ends in zeros); the
 * microseconds are cut to milliseconds, as a Date made from the timestamp would cut them.
 *
 * The hot list reads use it instead of the driver's Date: parsing a Date for every timestamp of
 * every row, only to write it out again, was a measurable part of a list's cost.
 */
export function isoFromUtcText(text: string): string {
  const space = text.indexOf(' ');
  const dot = text.indexOf('.', space);
  const seconds = dot === -1 ? text.slice(space + 1) : text.slice(space + 1, dot);
  const fraction = dot === -1 ? '' : text.slice(dot + 1);
  return `${text.slice(0, space)}T${seconds}.${`${fraction}000`.slice(0, 3)}Z`;
}

/** An instant as the API writes it, from a Date or from `isoFromUtcText`'s answer. */
export function isoInstant(value: Date | string): string {
  return typeof value === 'string' ? value : value.toISOString();
}
