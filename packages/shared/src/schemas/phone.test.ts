import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../staff';
import { companyProfileSchema, PROFILE_MESSAGES } from './settings';
import { staffSchema } from './staff';

/** One rule for a phone number, in the company profile, the staff form and the import. */
describe('one rule for phone numbers', () => {
  const company = (phone: string) =>
    companyProfileSchema.shape.phone.safeParse(phone).error?.issues[0]?.message ?? 'ok';
  const staff = (phone: string) =>
    staffSchema.shape.phone.safeParse(phone).error?.issues[0]?.message ?? 'ok';

  it('takes "+49 89 5551234" everywhere, written with the usual separators', () => {
    for (const phone of [
      '+49 89 5551234',
      '+49 (89) 555-1234',
      '+49.89.5551234',
      '+498955512345',
    ]) {
      expect(company(phone), phone).toBe('ok');
      expect(staff(phone), phone).toBe('ok');
    }
  });

  it("keeps each form's own bounds: the staff form 10 digits, the company's its first digit", () => {
    expect(staff('+49 89 5551')).toBe(STAFF_MESSAGES.phoneMin);
    expect(company('+49 89 5551')).toBe('ok');
    expect(company('0123456')).toBe(PROFILE_MESSAGES.phone);
    expect(company('1234567890123456')).toBe(PROFILE_MESSAGES.phone);
    expect(company('+1')).toBe(PROFILE_MESSAGES.phone);
    expect(company('call 089 555')).toBe(PROFILE_MESSAGES.phone);
  });
});
