import { describe, expect, it } from 'vitest';
import { activityLogsQuerySchema } from './activity';
import { loginSchema } from './auth';
import { idParam, MAX_ID, MAX_PAGE, paginationQuery, TEXT_MESSAGES } from './common';
import { locationSchema } from './locations';
import {
  lowStockQuery,
  materialListQuery,
  materialSchema,
  transferMaterialSchema,
  updateStockSchema,
} from './materials';
import { notificationsQuerySchema } from './notifications';
import { createUserSchema, updateUserSchema, userListQuery } from './users';

type Result = { success: boolean; error?: { issues: { message: string }[] } };
const messages = (result: Result) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('an id in a path', () => {
  it.each(['1', '61', String(MAX_ID)])('reads %j as a number', (id) => {
    expect(idParam.parse({ id })).toEqual({ id: Number(id) });
  });

  it.each([
    String(MAX_ID + 1),
    '99999999999999999999',
    '0x3d',
    '+61',
    '061',
    '61.0',
    '61e0',
    ' 61',
    '0',
    '-1',
    '',
    'abc',
  ])('refuses %j with one message', (id) => {
    expect(messages(idParam.safeParse({ id }))).toEqual([TEXT_MESSAGES.invalidId]);
  });
});

describe('an id in a body or a query', () => {
  const material = { name: 'Prop', quantity: 1, unit: 'EACH' };

  it('takes a JSON number and a form select’s digits', () => {
    expect(materialSchema.parse({ ...material, locationId: 7 }).locationId).toBe(7);
    expect(materialSchema.parse({ ...material, locationId: '7' }).locationId).toBe(7);
  });

  it.each([MAX_ID + 1, 61.5, 0, -3, '0x3d', '61e0', '+61', '061', 2 ** 53])(
    'refuses the location %j as Location is required',
    (locationId) => {
      expect(messages(materialSchema.safeParse({ ...material, locationId }))).toEqual([
        'Location is required',
      ]);
    },
  );

  it('refuses a transfer to a location past the integer column', () => {
    const result = transferMaterialSchema.safeParse({
      fromLocation: 1,
      toLocation: MAX_ID + 1,
      quantity: 1,
    });
    expect(messages(result)).toContain('Destination location is required');
  });

  it.each([
    ['materials', materialListQuery, 'locationId', 'Invalid location'],
    ['low stock', lowStockQuery, 'locationId', 'Invalid location'],
    ['activity', activityLogsQuerySchema, 'locationId', 'Invalid location'],
    ['users', userListQuery, 'location', 'Location must be a location id'],
  ] as const)('refuses loose location filters of the %s list', (_name, schema, key, message) => {
    for (const value of ['0x3d', '+61', '061', '61.0', '61e0', String(MAX_ID + 1)]) {
      expect(messages(schema.safeParse({ [key]: value }))).toEqual([message]);
    }
    expect(schema.parse({ [key]: '61' })).toMatchObject({ [key]: 61 });
    expect(schema.parse({ [key]: '' })).not.toHaveProperty(key, expect.anything());
  });
});

describe('a quantity', () => {
  const item = { name: 'Prop', locationId: 1, unit: 'EACH', notes: '' };
  const quantityMessages = (quantity: unknown) =>
    messages(materialSchema.safeParse({ ...item, quantity }));

  it.each([
    ['0x10', 'Quantity must be a number'],
    ['1e3', 'Quantity must be a number'],
    ['+5', 'Quantity must be a number'],
    ['Infinity', 'Quantity must be a number'],
    ['12.5', 'Quantity must be a whole number'],
    ['12.0', 'Quantity must be a whole number'],
    [12.5, 'Quantity must be a whole number'],
    ['-2', 'Quantity cannot be negative'],
    [null, 'Quantity is required'],
  ])('reads %j as "%s"', (quantity, message) => {
    expect(quantityMessages(quantity)).toEqual([message]);
  });

  it('reads plain digits typed with spaces around them', () => {
    expect(materialSchema.parse({ ...item, quantity: ' 12 ' }).quantity).toBe(12);
  });

  it('refuses a hex stock change', () => {
    expect(messages(updateStockSchema.safeParse({ quantity: '0x10', operation: 'add' }))).toEqual([
      'Quantity must be a number',
    ]);
  });
});

describe('page and limit', () => {
  const query = paginationQuery(10);

  it('reads plain digits, up to a last page whose offset fits an int4', () => {
    expect(query.parse({ page: '2', limit: '20' })).toEqual({ page: 2, limit: 20 });
    expect((MAX_PAGE - 1) * 100).toBeLessThanOrEqual(MAX_ID);
    expect(query.parse({ page: String(MAX_PAGE), limit: '100' }).page).toBe(MAX_PAGE);
    expect(query.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it.each([
    ['page', '0x2', TEXT_MESSAGES.page],
    ['page', '1e1', TEXT_MESSAGES.page],
    ['page', '02', TEXT_MESSAGES.page],
    ['page', '0', TEXT_MESSAGES.page],
    ['page', String(MAX_PAGE + 1), TEXT_MESSAGES.page],
    ['limit', '+5', TEXT_MESSAGES.limit(100)],
    ['limit', '101', TEXT_MESSAGES.limit(100)],
  ])('refuses %s %j', (key, value, message) => {
    expect(messages(query.safeParse({ [key]: value }))).toEqual([message]);
  });
});

describe('text fields', () => {
  const location = { name: 'North Yard', address: '1 Long Road', type: 'FIELD', status: 'ACTIVE' };
  const material = { name: 'Prop', locationId: 1, quantity: 1, unit: 'EACH', notes: '' };
  const user = { name: 'Ana Ruiz', email: 'ana@example.com', role: 'USER', locationId: 1 };

  it.each([
    ['location name', locationSchema, location, 'name', 'Location name'],
    ['address', locationSchema, location, 'address', 'Address'],
    ['material name', materialSchema, material, 'name', 'Name'],
    ['notes', materialSchema, material, 'notes', 'Notes'],
    ['user name', updateUserSchema, user, 'name', 'Name'],
    ['user email', updateUserSchema, user, 'email', 'Email'],
    ['login email', loginSchema, { email: 'ana@example.com', password: 'x' }, 'email', 'Email'],
  ] as const)('refuses a NUL in the %s', (_name, schema, valid, key, field) => {
    const value = `${(valid as Record<string, string>)[key] || 'Some text'}\u0000x`;
    expect(messages(schema.safeParse({ ...valid, [key]: value }))).toContain(
      `${field} must not contain control characters`,
    );
  });

  it('refuses a line break inside a one-line text but trims one at its end', () => {
    expect(messages(locationSchema.safeParse({ ...location, name: 'North\nYard' }))).toEqual([
      'Location name must not contain control characters',
    ]);
    expect(locationSchema.parse({ ...location, name: 'North Yard\n' }).name).toBe('North Yard');
  });

  it('keeps line breaks and tabs in the notes, not other control characters', () => {
    expect(materialSchema.parse({ ...material, notes: 'one\n\ttwo\r\nthree' }).notes).toBe(
      'one\n\ttwo\r\nthree',
    );
    expect(messages(materialSchema.safeParse({ ...material, notes: 'bell\u0007' }))).toEqual([
      'Notes must not contain control characters',
    ]);
    expect(messages(materialSchema.safeParse({ ...material, notes: 'c1\u0085' }))).toEqual([
      'Notes must not contain control characters',
    ]);
  });

  it('keeps letters of any script and emoji', () => {
    expect(materialSchema.parse({ ...material, name: 'Gerüst 足場 🏗️' }).name).toBe('Gerüst 足場 🏗️');
  });

  it.each([
    ['users', userListQuery],
    ['notifications', notificationsQuerySchema],
  ] as const)('refuses a NUL in the %s search', (_name, schema) => {
    expect(messages(schema.safeParse({ search: '\u0000' }))).toEqual([
      'Search must not contain control characters',
    ]);
  });

  it('refuses a control character in a new user’s name', () => {
    const result = createUserSchema.safeParse({
      ...user,
      name: 'Ana\u001bRuiz',
      password: 'Riley-Stone-7',
    });
    expect(messages(result)).toEqual(['Name must not contain control characters']);
  });
});
