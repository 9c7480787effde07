import { z } from 'zod';
import { loginReplySchema } from './auth';

/**
 * Two-factor sign-in as the sign-in page needs it: the code field, the second step's body and the
 * sign-in's answers. Kept apart from the settings' schemas so that the sign-in page does not load
 * the company profile's (and the e-invoice fields') with it.
 */
export const TWO_FACTOR_CODE_MESSAGES = {
  codeFormat: 'Enter the 6-digit code or a recovery code',
  challengeExpired: 'The sign-in has expired. Sign in again.',
} as const;

/**
 * A code as people type it: a TOTP code's 6 digits, as an authenticator app shows them
 * (`123456`, `123 456`), or a recovery code's 10 letters and digits in either case (`k3f9q-x82mz`,
 * `K3F9Q-X82MZ`, `k3f9q x82mz`, `k3f9qx82mz`), with spaces around it or not. No flag: the OpenAPI
 * document gives this pattern as it is, so a caller that checks it accepts what the server does.
 */
export const TWO_FACTOR_CODE_PATTERN = /^\s*(\d{3} ?\d{3}|[A-Za-z0-9]{5}[- ]?[A-Za-z0-9]{5})\s*$/;

/** A two-factor code, read as its digits, or its letters and digits in lower case. */
export const twoFactorCodeField = z
  .string({ error: TWO_FACTOR_CODE_MESSAGES.codeFormat })
  .regex(TWO_FACTOR_CODE_PATTERN, { error: TWO_FACTOR_CODE_MESSAGES.codeFormat })
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase());

export const twoFactorLoginSchema = z.object({
  challenge: z.string({ error: TWO_FACTOR_CODE_MESSAGES.challengeExpired }).min(1).max(2048),
  code: twoFactorCodeField,
});

/** POST /auth/login's answer when the account has two-factor sign-in: a code must follow. */
export const twoFactorChallengeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallengeReply = z.infer<typeof twoFactorChallengeReplySchema>;

/**
 * POST /auth/login's answer as one object (the OpenAPI document wants one): `{ token, user }`, or
 * `{ twoFactorRequired, challenge }` when a code must follow.
 */
export const loginAnswerSchema = loginReplySchema
  .partial({ token: true, user: true })
  .extend({ twoFactorRequired: z.literal(true).optional(), challenge: z.string().optional() });
