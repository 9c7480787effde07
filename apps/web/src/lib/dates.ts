import { parseDisplayDate, parseIsoDate, toDisplayDate, toIsoDate } from '@stockyard/shared';
import { formatDistanceToNow } from 'date-fns';

type DateValue = string | Date | null | undefined;

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: DateValue): Date | null {
  if (!value) return null;
  // A plain yyyy-MM-dd is a calendar day, not UTC midnight (which is the day before west of UTC).
  const day = typeof value === 'string' ? parseIsoDate(value) : null;
  const date = day
    ? new Date(day.year, day.month - 1, day.day)
    : typeof value === 'string'
      ? new Date(value)
      : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

function displayDay(date: Date): string {
  return toDisplayDate({
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
  });
}

/** dd/mm/yyyy in the viewer's time zone, or '-' when there is no date. */
export function formatDate(value: DateValue): string {
  const date = toDate(value);
  return date ? displayDay(date) : '-';
}

/** dd/mm/yyyy HH:mm in the viewer's time zone, or '-' when there is no date. */
export function formatDateTime(value: DateValue): string {
  const date = toDate(value);
  return date ? `${displayDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '-';
}

/** "5 minutes ago", for the notifications (the spec's relative time). */
export function relativeTime(value: string | Date): string {
  const date = toDate(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : '-';
}

/** A typed dd/mm/yyyy as the yyyy-MM-dd the API takes, or null when it is not a date. */
export function parseDateInput(text: string): string | null {
  const date = parseDisplayDate(text);
  return date ? toIsoDate(date) : null;
}

/** A yyyy-MM-dd as the dd/mm/yyyy a date field shows; '' when it is not a date. */
export function dateInputText(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? toDisplayDate(date) : '';
}

export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}
