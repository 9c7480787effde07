import fc from 'fast-check';

/** The part of JSON Schema that the OpenAPI document of the routes uses. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

/** PostgreSQL's int4 upper bound: ids one past it must be refused, never reach a query. */
const INT4_MAX = 2_147_483_647;
const HUNDRED_KB = 100 * 1024;

const CONTROL_CHARACTERS = fc
  .integer({ min: 0, max: 0x9f })
  .filter((code) => code < 0x20 || code >= 0x7f)
  .map((code) => String.fromCharCode(code));

/** Values a client should never send: wrong types, boundaries, loose numbers, control and odd characters. */
export const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    INT4_MAX,
    INT4_MAX + 1,
    2 ** 32,
    2 ** 53,
    -(2 ** 31) - 1,
    1e308,
    -1e308,
    '',
    ' ',
    '0',
    '-1',
    '0x3d',
    '+61',
    '061',
    '61.0',
    '61e0',
    '1e400',
    String(INT4_MAX + 1),
    '99999999999999999999999',
    'NaN',
    'Infinity',
    '١٢',
    '１２',
    'null',
    'true',
    'all',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b\u0085',
    'two\nlines',
    '\t',
    '\ud800',
    'x\udfffy',
    '🏗️👷🏽‍♀️',
    'İstanbul ǅ ß',
    '\u202emoc.evil',
    '\u200b',
    '%00',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    'x'.repeat(HUNDRED_KB),
    'é'.repeat(HUNDRED_KB / 2),
    '\u0000'.repeat(HUNDRED_KB),
  ),
  fc.string({ unit: CONTROL_CHARACTERS, minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.double(),
);

/** Any JSON a body could be, nasty scalars within. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 3 }) },
);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : [schema.type].flat();

/**
 * Values that mostly satisfy a schema, so that a request gets past validation into the services.
 * `ids` are records that exist: an id-like integer picks among them as often as not.
 */
export function validish(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => validish(variant, ids)));
  if (schema.allOf?.length) return validish(schema.allOf[0]!, ids);
  const [type] = typesOf(schema);
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1;
      const whole = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) });
      const known = ids.filter((id) => id >= min && id <= max);
      const idLike = max === INT4_MAX && known.length > 0;
      return idLike ? fc.oneof(fc.constantFrom(...known), whole) : whole;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringFor(schema);
    case 'array':
      return fc.array(validish(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectFor(schema, ids);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern JavaScript cannot read: any text will do.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  return fc.string({ unit: 'grapheme-ascii', minLength, maxLength });
}

function objectFor(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, validish(value, ids)]),
  );
  return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in record) });
}
