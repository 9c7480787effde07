import { describe, expect, it } from 'vitest';
import { localToday } from '../dates';
import {
  earliestToday,
  RENTAL_REQUEST_MESSAGES as M,
  requestItemStatusLabel,
  requestTotals,
} from '../rental-requests';
import {
  approveRentalRequestSchema,
  bulkRentalRequestSchema,
  createRentalRequestSchema,
  rejectRentalRequestSchema,
  rentalRequestListQuery,
} from './rental-requests';

type Result = { success: boolean; error?: { issues: { message: string }[] } };
const messages = (result: Result) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

const item = { materialId: 4, name: 'Tube', quantity: 2, unit: 'EACH' };

describe('a rental request body', () => {
  it('is read as the bulk form when it names a location id or items, else as the single form', () => {
    const bulk = createRentalRequestSchema.parse({
      locationId: '3',
      requestedDate: '2026-01-05',
      items: [item],
      requestedById: 99,
    });
    expect(bulk).toEqual({
      kind: 'bulk',
      locationId: 3,
      requestedDate: '2026-01-05',
      items: [item],
    });
    const single = createRentalRequestSchema.parse({
      name: ' Mobile tower ',
      quantity: '2',
      unit: 'EACH',
      requestedDate: '2026-01-05',
      returnDate: '2026-01-20',
      location: 3,
    });
    expect(single).toMatchObject({
      kind: 'single',
      name: 'Mobile tower',
      quantity: 2,
      location: 3,
    });
  });

  it('tells a missing location from one that is not a location', () => {
    const body = { requestedDate: '2026-01-05', items: [item] };
    expect(messages(createRentalRequestSchema.safeParse({ ...body, locationId: '' }))).toEqual([
      M.locationRequired,
    ]);
    expect(messages(createRentalRequestSchema.safeParse({ ...body, locationId: 'x' }))).toEqual([
      M.locationInvalid,
    ]);
  });

  it('measures "the past" against the today it is given', () => {
    const schema = bulkRentalRequestSchema(() => '2026-03-10');
    const body = { locationId: 1, requestedDate: '2026-03-10', items: [item] };
    expect(schema.safeParse({ ...body, returnDate: '2026-03-10' }).success).toBe(true);
    expect(messages(schema.safeParse({ ...body, returnDate: '2026-03-09' }))).toEqual([
      M.returnDatePast,
    ]);
  });
});

describe('today', () => {
  it("is never later on the server than in any browser: the server's is the date at UTC-12", () => {
    const now = new Date('2026-03-10T05:00:00Z');
    expect(earliestToday(now)).toBe('2026-03-09');
    expect(earliestToday(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
    expect(localToday(now) >= earliestToday(now)).toBe(true);
  });
});

describe('a decision', () => {
  it('takes notes, or the field the list names, and refuses blank notes', () => {
    expect(approveRentalRequestSchema.parse({ approvalNotes: ' Yes ' })).toEqual({ notes: 'Yes' });
    expect(rejectRentalRequestSchema.parse({ rejectionNotes: 'No' })).toEqual({ notes: 'No' });
    expect(messages(approveRentalRequestSchema.safeParse({ notes: '  ' }))).toEqual([
      M.notesRequired,
    ]);
    expect(messages(rejectRentalRequestSchema.safeParse({ approvalNotes: 'Yes' }))).toEqual([
      M.notesRequired,
    ]);
  });
});

describe('the list and the detail', () => {
  it('defaults to 10 rows and takes the status whatever its case', () => {
    expect(rentalRequestListQuery.parse({ status: 'approved' })).toEqual({
      page: 1,
      limit: 10,
      status: 'APPROVED',
    });
  });

  it('labels each material Available, Unavailable or Pending by the request status', () => {
    expect(['APPROVED', 'rejected', 'PENDING', ''].map(requestItemStatusLabel)).toEqual([
      'Available',
      'Unavailable',
      'Pending',
      'Pending',
    ]);
  });

  it('totals the items, their quantity and the different units', () => {
    expect(
      requestTotals([
        { quantity: 2, unit: 'EACH' },
        { quantity: 3, unit: 'each' },
        { quantity: 5, unit: 'BOX' },
      ]),
    ).toEqual({ items: 3, quantity: 10, units: 2 });
  });
});
