import { describe, expect, it } from 'vitest';
import { labelOf } from './code-labels';
import { amountToCents, formatCount, readNumber } from './numbers';
import { materialTypeSchema } from './schemas/catalogue';
import { locationSchema } from './schemas/locations';
import { hireRateFormFields } from './schemas/money-settings';

describe('one vocabulary (issue 50)', () => {
  const unit = (text: string) => materialTypeSchema.shape.unit.safeParse(text);
  it('takes the common words for Each whatever their case and accents', () => {
    for (const word of [
      'pcs',
      'PCS',
      'piece',
      'Pieces',
      'Stk',
      'Stk.',
      'Stück',
      'STÜCK',
      'ea',
      'each',
      'EACH',
    ]) {
      expect(unit(word).data, word).toBe('EACH');
    }
    expect(unit('bundle').error?.issues[0]?.message).toBe('Please select a unit');
  });

  it('takes Yard, Depot, Lager for BMR Yard and Site, Baustelle for Field', () => {
    const type = (text: string) =>
      locationSchema.safeParse({
        name: 'Somewhere',
        address: '1 Some Road',
        type: text,
        status: 'Active',
      }).data?.type;
    expect(['Yard', 'depot', 'LAGER', 'BMR Yard', 'bmr_yard'].map(type)).toEqual(
      Array(5).fill('BMR_YARD'),
    );
    expect(['Site', 'baustelle', 'Job site', 'field'].map(type)).toEqual(Array(4).fill('FIELD'));
    expect(type('Warehouse')).toBeUndefined();
  });
});

describe('one rule for numbers and amounts (issue 50)', () => {
  it('reads decimal commas and thousands the same way everywhere', () => {
    expect(readNumber('1,5')).toEqual({ ok: true, value: 1.5 });
    expect(readNumber('1.234,5')).toEqual({ ok: true, value: 1234.5 });
    expect(readNumber('1,234', ',')).toEqual({ ok: true, value: 1.234 });
    expect(amountToCents('1,20')).toBe(120);
    expect(amountToCents('1.234,56')).toBe(123456);
    expect(amountToCents('1,234')).toBe(123400);
    expect(amountToCents('1,234', ',')).toBeNull();
  });

  it("takes a hire rate typed with a decimal comma in the catalogue's form", () => {
    expect(hireRateFormFields.hireDayCents.parse('1,20')).toBe(120);
    expect(hireRateFormFields.hireWeekCents.parse('7,5')).toBe(750);
  });

  it('shows every count grouped in thousands', () => {
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount('1700')).toBe('1,700');
    expect(formatCount(12.5)).toBe('12.5');
    expect(formatCount(null)).toBe('');
  });
});

describe('one label map for the codes people read (issue 50)', () => {
  it('words each code: units, attendance statuses, notification types', () => {
    expect(labelOf('EACH')).toBe('Each');
    expect(labelOf('HALF_DAY')).toBe('Half Day');
    expect(labelOf('MATERIAL_REQUEST_DECIDED')).toBe('material request decided');
    expect(labelOf('BMR_YARD')).toBe('BMR Yard');
    expect(labelOf('SOME_NEW_CODE')).toBe('Some new code');
    expect(labelOf('pcs')).toBe('pcs');
  });
});
