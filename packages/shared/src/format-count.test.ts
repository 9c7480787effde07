import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

// formatCount avoids Intl below 10^15 (a phone's first Intl format costs some 120 ms): it must
// read exactly as Intl's en-GB format with 3 decimals.
describe('formatCount', () => {
  const intl = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

  it('reads as Intl does, its rounding of ties and of -0 included', () => {
    const values = [0, -0, 1, -3, 12.5, 999.9995, 1.0005, 1153.1975, -34.3045, 0.0625, 0.0005];
    values.push(
      -0.0005,
      1e-7,
      -1e-7,
      0.1 + 0.2,
      2000,
      1700,
      123456789012.345,
      1e15 - 1,
      1e15,
      1e21,
    );
    let seed = 52;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i += 1) {
      const value = (random() - 0.5) * 10 ** Math.floor(random() * 18 - 4);
      values.push(value, Math.round(value * 2000) / 2000, Math.round(value));
    }
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl.format(value));
  });

  it('reads text as a number, and shows none as empty', () => {
    expect(formatCount('2000')).toBe('2,000');
    expect(formatCount('12.5')).toBe('12.5');
    expect(formatCount(null)).toBe('');
    expect(formatCount('')).toBe('');
    expect(formatCount('abc')).toBe('abc');
  });
});
