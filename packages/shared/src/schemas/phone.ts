import { z } from 'zod';

/**
 * One rule for a phone number, in the company profile, the staff form and the staff import alike: digits with the separators people write (a leading +, spaces, dashes,
 * dots, brackets: "+49 89 5551234", "+44 (0)7700-900.123"), at most 15 digits (E.164) and at
 * least `minDigits`; stored as typed, trimmed.
 */
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;

/** The digits of a phone number, whatever separates them. */
export const phoneDigits = (text: string) => text.replace(/\D/g, '').length;

/** Whether a text is a phone number of at least `minDigits` digits. */
export const isPhoneNumber = (text: string, minDigits: number) => {
  const trimmed = text.trim();
  const digits = phoneDigits(trimmed);
  return (
    trimmed.length <= 30 && PHONE_CHARACTERS.test(trimmed) && digits >= minDigits && digits <= 15
  );
};

/**
 * A required phone number; `message` when it is none or has fewer digits than needed, `tooLong`
 * when it has more than 15.
 */
export const phoneField = (
  message: string,
  minDigits: number,
  tooLong = 'A phone number has at most 15 digits',
) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: message })
      .trim()
      .max(30, { error: message })
      .refine((text) => PHONE_CHARACTERS.test(text) && phoneDigits(text) >= minDigits, {
        error: message,
      })
      .refine((text) => phoneDigits(text) <= 15, { error: tooLong }),
  );
