import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The one password policy's messages: register, reset and change all say the same. */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  // 03 section 5, Change password, word for word.
  mix: 'Must contain uppercase, lowercase, and number',
  controlCharacters: 'Password must not contain control characters',
  // The server alone checks the common-password list (too big for the browser).
  tooCommon: 'This password is too common. Choose another.',
  // PRODUCT-DECISIONS: the new password must differ from the current one.
  sameAsCurrent: 'The new password must be different from your current password',
  ownReset:
    'You cannot reset your own password. Use Change Password, which asks for your current one.',
} as const;

const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * A password being set (register, reset, change): the structural rules both ends check.
 * Not trimmed: spaces are characters of a password like any other.
 */
export const passwordField = z
  .string({ error: PASSWORD_MESSAGES.tooShort })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong })
  .refine((value) => !CONTROL_CHARACTER.test(value), {
    error: PASSWORD_MESSAGES.controlCharacters,
  })
  .refine((value) => /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value) && /\p{Nd}/u.test(value), {
    error: PASSWORD_MESSAGES.mix,
  });
