import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { isoFromUtcText } from './instants';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('isoFromUtcText', () => {
  it("writes what the driver's Date of the same timestamp writes, microseconds and all", async () => {
    const instants = fc.sample(
      fc.date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2999-12-31T23:59:59Z'),
        noInvalidDate: true,
      }),
      200,
    );
    // Whole seconds and whole milliseconds too, where PostgreSQL shortens the fraction.
    instants.push(new Date('2026-11-22T10:47:05Z'), new Date('2026-11-22T10:47:05.120Z'));
    const { rows } = await t.db.$client.query<{ value: Date; text: string }>(
      `select v as value, (v at time zone 'UTC')::text as text
       from unnest($1::timestamptz[]) as u(at), lateral (select at + $2 * interval '1 microsecond' as v) as w`,
      [instants.map((d) => d.toISOString()), 456],
    );
    expect(rows).toHaveLength(instants.length);
    for (const row of rows) expect(isoFromUtcText(row.text)).toBe(row.value.toISOString());
    expect(isoFromUtcText('2026-11-22 10:47:05')).toBe('2026-11-22T10:47:05.000Z');
    expect(isoFromUtcText('2026-11-22 10:47:05.12')).toBe('2026-11-22T10:47:05.120Z');
  });
});
