import { z } from 'zod';
import { PERMISSION_FLAGS, type PermissionFlag, ROLES } from '../access';
import { isoInstantSchema } from './responses';

/**
 * The signed-in user as every endpoint shows it. Apart from the user forms' schemas (users.ts), so
 * that the sign-in's answer (auth.ts), which every page's first script holds, does not build those.
 */

/** Every flag of an account, as the user DTO carries them. */
export const permissionsSchema = z.object(
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    PermissionFlag,
    z.ZodBoolean
  >,
);

/** The user as every endpoint shows it: never the password hash. */
export const sessionUserSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  locationId: z.int().nullable(),
  location: z.object({ name: z.string() }).nullable(),
  status: z.boolean(),
  lastLogin: isoInstantSchema.nullable(),
  permissions: permissionsSchema,
});
