import type { z } from 'zod';
import type { loginReplySchema } from './schemas/auth';
import type { sessionUserSchema } from './schemas/session-user';

export type LocationType = 'BMR_YARD' | 'FIELD';
export type LocationStatus = 'ACTIVE' | 'INACTIVE';

export type SessionUser = z.infer<typeof sessionUserSchema>;

export type LoginResponse = Pick<z.infer<typeof loginReplySchema>, 'token' | 'user'>;
