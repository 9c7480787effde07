import { describe, expect, it } from 'vitest';
import { dateInputText, formatDate, formatDateTime, parseDateInput } from './dates';

describe('dates', () => {
  it('shows a date day first as dd/mm/yyyy, and - when there is none', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(formatDate(new Date(2026, 0, 5, 14, 3).toISOString())).toBe('05/01/2026');
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });

  it('shows a plain yyyy-MM-dd as that calendar day, also west of UTC', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatDate('2026-03-01')).toBe('01/03/2026');
      expect(formatDate('2026-03-01T00:00:00Z')).toBe('28/02/2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('shows a moment as dd/mm/yyyy HH:mm in the viewer’s time zone', () => {
    expect(formatDateTime(new Date(2026, 11, 31, 9, 7).toISOString())).toBe('31/12/2026 09:07');
    expect(formatDateTime('')).toBe('-');
  });

  it('takes a typed dd/mm/yyyy as the yyyy-MM-dd the API reads', () => {
    expect(parseDateInput('05/01/2026')).toBe('2026-01-05');
    expect(parseDateInput(' 5/1/2026 ')).toBe('2026-01-05');
    expect(parseDateInput('29/02/2024')).toBe('2024-02-29');
  });

  it('refuses text that is not a day on the calendar', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2026',
      '31/04/2026',
      '00/01/2026',
      '05/13/2026',
      '05/00/2026',
      '2026-01-05',
      '01/05/26',
      '05-01-2026',
      '05/01/2026 10:00',
      '',
    ]) {
      expect(parseDateInput(text), text).toBeNull();
    }
  });

  it('shows a stored yyyy-MM-dd in a date field as dd/mm/yyyy, and nothing for a non-date', () => {
    expect(dateInputText('2026-01-05')).toBe('05/01/2026');
    expect(dateInputText('2026-02-30')).toBe('');
    expect(dateInputText('')).toBe('');
  });
});
