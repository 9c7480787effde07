/**
 * One rule for numbers and amounts people type or a file holds, and one
 * way to show a count: the forms, the imports and the screens all use these.
 */

/** The decimal separator a number most likely uses: ',' (much of Europe) or '.'. */
export type DecimalSeparator = ',' | '.';

/** A typed field read from text, or what is wrong with it. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const NOT_A_NUMBER = { ok: false, message: 'must be a number' } as const;

/**
 * A number as people type it, as its plain decimal text ("-1234.5"): an optional leading minus,
 * then digits with a decimal point or a decimal comma, and thousands grouped by points, commas or
 * spaces ("1.234,5", "1,234.5", "1 234,5"). The JavaScript form a workbook's numbers come in
 * ("1e-7") is read too.
 *
 * One form is ambiguous: a single separator with 1-3 digits (not a 0) before it and exactly 3
 * after, "1,234" or "1.234". It is read with `decimalSeparator` (a file's, when known) as the
 * decimal separator and the other as thousands; without one, the English way: "1,234" is 1234
 * and "1.234" is 1.234. Every other form is unambiguous: a separator used twice, or before the
 * other, groups thousands ("1.234.567", "1.234,5"); a single one with other than 3 digits after
 * it, or after a 0, is the decimal one ("12,5", "1,20", "0,125").
 */
export function readDecimalText(
  text: string,
  decimalSeparator: DecimalSeparator = '.',
): Parsed<string> {
  let body = text.trim();
  const sign = body.startsWith('-') ? '-' : '';
  body = body.slice(sign.length);
  if (/^\d+(\.\d+)?e[+-]?\d+$/i.test(body)) return { ok: true, value: sign + body };
  if (/[\s\u00a0\u202f]/.test(body)) {
    // Spaces group thousands, and then only spaces do.
    if (!/^\d{1,3}([\s\u00a0\u202f]\d{3})+([.,]\d+)?$/.test(body)) return NOT_A_NUMBER;
    body = body.replace(/[\s\u00a0\u202f]/g, '');
  }
  const last = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  if (last < 0) return /^\d+$/.test(body) ? { ok: true, value: sign + body } : NOT_A_NUMBER;
  const mark = body[last] as DecimalSeparator;
  const other = mark === '.' ? ',' : '.';
  const whole = body.slice(0, last);
  const fraction = body.slice(last + 1);
  if (!/^\d+$/.test(fraction)) return NOT_A_NUMBER;
  const grouped = (digits: string, by: string) =>
    digits.split(by).every((group, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(group));
  if (whole.includes(mark)) {
    // The same separator twice or more: thousands, and no decimals after them.
    return grouped(body, mark)
      ? { ok: true, value: sign + body.replaceAll(mark, '') }
      : NOT_A_NUMBER;
  }
  if (whole.includes(other)) {
    return grouped(whole, other)
      ? { ok: true, value: `${sign}${whole.replaceAll(other, '')}.${fraction}` }
      : NOT_A_NUMBER;
  }
  if (!/^\d*$/.test(whole)) return NOT_A_NUMBER;
  const ambiguous = /^[1-9]\d{0,2}$/.test(whole) && fraction.length === 3;
  if (ambiguous && mark !== decimalSeparator) return { ok: true, value: sign + whole + fraction };
  return { ok: true, value: `${sign}${whole || '0'}.${fraction}` };
}

/** A number as people type it (see `readDecimalText`). */
export function readNumber(text: string, decimalSeparator: DecimalSeparator = '.'): Parsed<number> {
  const read = readDecimalText(text, decimalSeparator);
  if (!read.ok) return read;
  const value = Number(read.value);
  return Number.isFinite(value) ? { ok: true, value: value === 0 ? 0 : value } : NOT_A_NUMBER;
}

/**
 * A typed, non-negative amount to cents, exactly (no float): '12' → 1200, '1,20' → 120,
 * '1,234.50' and '1.234,50' → 123450. Null when it is not such an amount (a sign, a symbol, more
 * than 2 decimals) or too large to be a safe integer of cents.
 */
export function amountToCents(text: string, decimalSeparator?: DecimalSeparator): number | null {
  const read = readDecimalText(text, decimalSeparator);
  if (!read.ok) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(read.value);
  if (!match) return null;
  const cents = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(cents);
}

// Only for counts too large for toFixed's digits: a browser's first Intl format costs some 120 ms
// of a phone's main thread, 600 ms on a busy one, and a count needs none of it.
let countFormat: Intl.NumberFormat | undefined;

/**
 * A count or a quantity as every screen shows it: grouped in thousands by commas, a point before
 * at most 3 decimals ("2,000", "1,700", "12.5"); an empty string for none. The same text as
 * `Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 })`, which it uses only past 10^15.
 */
export function formatCount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  const size = Math.abs(number);
  if (size >= 1e15) {
    countFormat ??= new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
    return countFormat.format(number);
  }
  // Intl rounds the number's shortest decimal text (1.0005 is "1.001"), half away from zero.
  const sign = number < 0 || Object.is(number, -0) ? '-' : '';
  const text = size < 1e-6 ? '0' : String(size);
  const [whole = '0', fraction = ''] = text.split('.');
  let digits = `${whole}${fraction.slice(0, 3).padEnd(3, '0')}`;
  if ((fraction[3] ?? '0') >= '5') digits = String(BigInt(digits) + 1n).padStart(4, '0');
  const decimals = digits.slice(-3).replace(/0+$/, '');
  const grouped = digits.slice(0, -3).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}
