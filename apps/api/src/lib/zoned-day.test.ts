import { describe, expect, it } from 'vitest';
import { dayRange, startOfDay } from './zoned-day';

describe('dayRange', () => {
  it('is the UTC calendar day in UTC', () => {
    expect(dayRange('2024-05-03', 'UTC')).toEqual({
      from: new Date('2024-05-03T00:00:00Z'),
      to: new Date('2024-05-04T00:00:00Z'),
    });
  });

  it('starts at local midnight east and west of Greenwich', () => {
    expect(startOfDay('2024-05-03', 'Asia/Kolkata')).toEqual(new Date('2024-05-02T18:30:00Z'));
    expect(startOfDay('2024-01-15', 'America/New_York')).toEqual(new Date('2024-01-15T05:00:00Z'));
    expect(startOfDay('2024-07-15', 'America/New_York')).toEqual(new Date('2024-07-15T04:00:00Z'));
  });

  it('lasts 23 or 25 hours on the days the clocks change', () => {
    const spring = dayRange('2024-03-31', 'Europe/Berlin');
    expect(spring.from).toEqual(new Date('2024-03-30T23:00:00Z'));
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = dayRange('2024-10-27', 'Europe/Berlin');
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('crosses month and year ends', () => {
    expect(dayRange('2023-12-31', 'UTC').to).toEqual(new Date('2024-01-01T00:00:00Z'));
  });
});

describe('startOfDay, asked again', () => {
  it('gives the same instant as a new Date each time, so that a caller changing one changes no other', () => {
    const first = startOfDay('2024-03-31', 'Europe/Berlin');
    first.setUTCHours(12);
    const again = startOfDay('2024-03-31', 'Europe/Berlin');
    expect(again).toEqual(new Date('2024-03-30T23:00:00Z'));
    expect(again).not.toBe(first);
  });

  it('tells the same day apart in two time zones', () => {
    expect(startOfDay('2024-05-03', 'UTC')).toEqual(new Date('2024-05-03T00:00:00Z'));
    expect(startOfDay('2024-05-03', 'Asia/Kolkata')).toEqual(new Date('2024-05-02T18:30:00Z'));
  });
});
