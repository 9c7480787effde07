import { z } from 'zod';
import { sessionUserSchema } from './session-user';
import { plainText } from './text';

export const loginSchema = z.object({
  email: plainText(z.string({ error: 'Invalid email' }).trim(), 'Email').pipe(
    z.email({ error: 'Invalid email' }).max(254, { error: 'Invalid email' }),
  ),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(1024, { error: 'Password is too long' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /auth/login's answer: the spec's `{ token, user }` beside the envelope's fields. */
export const loginReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: sessionUserSchema,
});
