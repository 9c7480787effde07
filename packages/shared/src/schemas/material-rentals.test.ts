import { describe, expect, it } from 'vitest';
import {
  effectiveRentalStatus,
  isOverdue,
  RENTAL_FIGURE_LABELS,
  RENTAL_MESSAGES,
  remaining,
  rentalItemFigures,
  rentalItemFinalStatus,
  rentalName,
  rentalNumber,
  rentalNumberSearched,
  rentalRefusals,
} from '../rentals';
import {
  rentalFormSchema,
  rentalListQuery,
  rentalReturnFormSchema,
  rentalSchema,
} from './material-rentals';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Result) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

const valid = {
  fromLocationId: 1,
  toLocationId: 2,
  expectedReturnDate: '2026-05-10',
  items: [{ materialId: 3, quantity: '4', unit: 'EACH' }],
};

describe('the rental form', () => {
  it('says every message of 02 section 5 word for word', () => {
    expect(messages(rentalSchema.safeParse({}))).toEqual([
      'fromLocationId: Location is required',
      'toLocationId: Rented to location is required',
      'expectedReturnDate: Expected return date is required',
      'items: At least one item is required',
    ]);
    expect(messages(rentalSchema.safeParse({ ...valid, toLocationId: 1 }))).toEqual([
      'toLocationId: From and To locations cannot be the same.',
    ]);
    expect(messages(rentalFormSchema('2026-05-11').safeParse(valid))).toEqual([
      'expectedReturnDate: Expected return date cannot be in the past.',
    ]);
    expect(rentalFormSchema('2026-05-10').safeParse(valid).success).toBe(true);
    // Editing keeps a date already saved.
    expect(rentalFormSchema('2026-05-11', '2026-05-10').safeParse(valid).success).toBe(true);
  });

  it('reads a form’s digits and refuses a duplicate material', () => {
    expect(rentalSchema.parse(valid).items[0]!.quantity).toBe(4);
    const twice = { ...valid, items: [valid.items[0], { ...valid.items[0], quantity: 1 }] };
    expect(messages(rentalSchema.safeParse(twice))).toEqual([
      `items.1.materialId: ${RENTAL_MESSAGES.duplicateMaterial}`,
    ]);
  });
});

describe('the return form', () => {
  const items = [{ id: 7, quantity: 10, quantityActuallyReturned: 6 }];
  it('takes up to the remainder', () => {
    expect(
      rentalReturnFormSchema(items).safeParse({ rentalItemId: 7, returnedQuantity: 4 }).success,
    ).toBe(true);
    expect(
      messages(rentalReturnFormSchema(items).safeParse({ rentalItemId: 7, returnedQuantity: 5 })),
    ).toEqual(['returnedQuantity: Cannot return more than the remaining quantity.']);
    expect(messages(rentalReturnFormSchema(items).safeParse({ returnedQuantity: 0 }))).toEqual([
      'rentalItemId: Please select an item to return.',
      'returnedQuantity: Quantity must be at least 1',
    ]);
  });
});

describe('the rules both ends share', () => {
  it('derives OVERDUE from an ACTIVE rental past its expected return', () => {
    const rental = { status: 'ACTIVE', expectedReturnDate: '2026-05-10' };
    expect(isOverdue(rental, '2026-05-10')).toBe(false);
    expect(isOverdue(rental, '2026-05-11')).toBe(true);
    expect(effectiveRentalStatus(rental, '2026-05-11')).toBe('OVERDUE');
    expect(effectiveRentalStatus({ ...rental, status: 'returned' }, '2026-05-11')).toBe('RETURNED');
  });

  it("balances a rental's items: rented = returned good + damaged + lost + outstanding", () => {
    const items = [
      { quantity: 10, quantityActuallyReturned: 4, quantityDamaged: 1, quantityLost: 2 },
      { quantity: 5, quantityActuallyReturned: 0 },
    ];
    const figures = rentalItemFigures({ items });
    expect(figures).toEqual({
      rented: 15,
      returned: 4,
      damaged: 1,
      lost: 2,
      writtenOff: 3,
      outstanding: 8,
    });
    expect(figures.returned + figures.damaged + figures.lost + figures.outstanding).toBe(
      figures.rented,
    );
  });

  it('names counts of rentals and quantities of items apart', () => {
    const words = Object.values(RENTAL_FIGURE_LABELS).filter((label) => typeof label === 'string');
    expect(new Set(words).size).toBe(words.length);
    for (const label of words) expect(/Rentals$|^Items /.test(label), label).toBe(true);
    expect(RENTAL_FIGURE_LABELS.itemsOfMaterials(14, 2)).toBe('14 items, 2 materials');
    expect(RENTAL_FIGURE_LABELS.itemsOfMaterials(1, 1)).toBe('1 item, 1 material');
  });

  it('counts what is still out', () => {
    expect(remaining({ quantity: 10, quantityActuallyReturned: 4 })).toBe(6);
    expect(rentalItemFinalStatus({ quantity: 10, quantityActuallyReturned: 10 })).toBe(
      'Fully Returned',
    );
    expect(rentalItemFinalStatus({ quantity: 10, quantityActuallyReturned: 1 })).toBe(
      'Partially Returned',
    );
    expect(rentalItemFinalStatus({ quantity: 10, quantityActuallyReturned: 0 })).toBe(
      'Not Returned',
    );
  });

  it('lists with the page size of 10, All as no status and 0 as every location', () => {
    expect(rentalListQuery.parse({ status: 'All', locationId: '0' })).toEqual({
      page: 1,
      limit: 10,
    });
  });

  it('numbers a rental as notices do, and reads a search of its number', () => {
    expect(rentalNumber({ id: 3 })).toBe('#3');
    expect(rentalName({ id: 3 })).toBe('Rental #3');
    expect(rentalNumberSearched('#12')).toBe(12);
    expect(rentalNumberSearched(' 12 ')).toBe(12);
    expect(rentalNumberSearched('# 12')).toBe(12);
    expect(rentalNumberSearched('tube 12')).toBeNull();
    expect(rentalNumberSearched('#')).toBeNull();
    expect(rentalNumberSearched('12345678901')).toBeNull();
    expect(rentalNumberSearched(undefined)).toBeNull();
  });

  it('says what a rental still accepts, and why not', () => {
    const out = { quantityActuallyReturned: 0 };
    const back = { quantityActuallyReturned: 2 };
    const all = (refusal: string | null) => ({
      returns: refusal,
      status: refusal,
      items: refusal,
      delete: refusal,
    });
    expect(rentalRefusals({ status: 'ACTIVE', items: [out] })).toEqual(all(null));
    expect(rentalRefusals({ status: 'OVERDUE', items: [out] })).toEqual(all(null));
    // Something came back: the items stay and it is not deleted; returns and the status go on.
    expect(rentalRefusals({ status: 'ACTIVE', items: [out, back] })).toEqual({
      returns: null,
      status: null,
      items: RENTAL_MESSAGES.itemsLockedAfterReturn,
      delete: RENTAL_MESSAGES.deleteAfterReturn,
    });
    expect(rentalRefusals({ status: 'RETURNED', items: [back] })).toEqual(
      all(RENTAL_MESSAGES.alreadyReturned),
    );
  });
});
