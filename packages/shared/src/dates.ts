/**
 * Dates as people read and type them (dd/mm/yyyy, the spec's Last Login format) and as they
 * travel between the ends (yyyy-MM-dd). Both ends take the rules from here.
 */

export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATE_TIME_FORMAT = 'dd/mm/yyyy HH:mm';
export const INVALID_DATE_MESSAGE = 'Enter a date as dd/mm/yyyy';

/** dd/mm/yyyy as typed; a one-digit day or month is taken as it comes (5/1/2026). */
export const DATE_INPUT_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day on the calendar, with no time and no zone; month runs 1 to 12. */
export type CalendarDate = { year: number; month: number; day: number };

function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  // 31/04 rolls over to 01/05: the day did not exist.
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
    ? { year, month, day }
    : null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A typed dd/mm/yyyy that exists on the calendar, else null (no 31/02/2026, no 2026-02-01). */
export function parseDisplayDate(text: string): CalendarDate | null {
  const match = DATE_INPUT_PATTERN.exec(text.trim());
  if (!match) return null;
  return calendarDate(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** A yyyy-MM-dd that exists on the calendar, else null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_DATE_PATTERN.exec(text);
  if (!match) return null;
  return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function toDisplayDate(date: CalendarDate): string {
  return `${pad(date.day)}/${pad(date.month)}/${pad(date.year, 4)}`;
}

/** A stored date (yyyy-mm-dd) as the product shows it (dd/mm/yyyy); anything else as it is. */
export function isoToDisplayDate(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? toDisplayDate(date) : iso;
}

export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** Today (yyyy-MM-dd) on this machine's clock: what a browser's form, or the server, calls today. */
export function localToday(now: Date = new Date()): string {
  return toIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** The current month as yyyy-MM on this machine's calendar: the attendance list's default. */
export function thisMonth(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}
