import { describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES, attendanceSpan, attendanceTime } from '../attendance';
import { salaryText, shortDate } from '../staff';
import { attendanceFiltersQuery, attendanceSchema } from './attendance';
import { staffListQuery, staffSchema } from './staff';

describe('the staff and attendance contract', () => {
  it('shows times as HH:MM, a full timestamp by its UTC time', () => {
    expect(attendanceTime('08:05:00')).toBe('08:05');
    expect(attendanceTime('17:30')).toBe('17:30');
    expect(attendanceTime('2026-11-02T23:45:10.000+02:00')).toBe('21:45');
    expect(attendanceTime(null)).toBeNull();
    expect(attendanceTime('')).toBeNull();
  });

  it('names where and when an overlapping record is, whatever times it has', () => {
    const other = { location: 'Main Yard', date: '2026-03-10' };
    expect(
      ATTENDANCE_MESSAGES.overlapWith({ ...other, checkIn: '09:00:00', checkOut: '12:00' }),
    ).toBe('Staff member has overlapping attendance at Main Yard on 10/03/2026 (09:00 to 12:00).');
    expect(attendanceSpan({ checkIn: '09:30', checkOut: null })).toBe('in at 09:30');
    expect(attendanceSpan({ checkIn: null, checkOut: '11:30' })).toBe('out at 11:30');
    expect(attendanceSpan({ checkIn: null, checkOut: null })).toBe('no times');
    expect(ATTENDANCE_MESSAGES.overlap).not.toContain('different location');
  });

  it('shows a hire date as day, short month, year and a salary as $12,345', () => {
    expect(shortDate('2024-03-08')).toBe('8 Mar 2024');
    expect(salaryText(12345)).toBe('$12,345');
    expect(salaryText(0)).toBe('$0');
  });

  it('counts the digits of a phone number, whatever separates them', () => {
    const phone = (value: string) =>
      staffSchema.shape.phone.safeParse(value).error?.issues[0]?.message ?? 'ok';
    expect(phone('+44 (0)7700-900.123')).toBe('ok');
    expect(phone('555 123 456')).toBe('Phone number must be at least 10 digits');
    expect(phone('call 0123456789')).toBe('Phone number must be at least 10 digits');
  });

  it('reads ALL as no status filter, 0 as every location, and pageSize as the page size', () => {
    expect(attendanceFiltersQuery.parse({ status: 'all', locationId: '0' })).toEqual({});
    expect(staffListQuery.parse({ pageSize: '20', status: 'ALL' })).toEqual({ page: 1, limit: 20 });
    expect(staffListQuery.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it('takes a record with PRESENT by default and refuses a check-out before its check-in', () => {
    const base = { staffId: 3, locationId: 1, date: '2026-11-02' };
    expect(attendanceSchema.parse(base)).toEqual({ ...base, status: 'PRESENT' });
    const refused = attendanceSchema.safeParse({ ...base, checkIn: '12:00', checkOut: '12:00' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['checkOut', 'Check out must be after check in'],
    ]);
  });
});
