import { z } from 'zod';
import { PERMISSION_FLAGS, type PermissionFlag, ROLES } from '../access';
import { PAGE_SIZES } from '../constants';
import { locationIdField, optionalIdQuery, paginationQuery } from './common';
import { exportFields } from './exports';
import { PASSWORD_MESSAGES, passwordField } from './password';
import { optionalText, plainText } from './text';

const upperOrUndefined = (value: unknown) =>
  typeof value === 'string' ? value.trim().toUpperCase() || undefined : value;

/** Roles compare case-insensitively: `admin` and `ADMIN` are the same role. */
export const roleField = z.preprocess(
  upperOrUndefined,
  z.enum(ROLES, { error: 'Role is required' }),
);

export const permissionsField = z.object(
  Object.fromEntries(
    PERMISSION_FLAGS.map((flag) => [
      flag,
      z.boolean({ error: 'Each permission must be true or false' }).optional(),
    ]),
  ) as Record<PermissionFlag, z.ZodOptional<z.ZodBoolean>>,
  { error: 'Permissions must be an object of flags' },
);

const nameField = plainText(
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  'Name',
);

const emailField = plainText(z.string({ error: 'Invalid email format' }).trim(), 'Email').pipe(
  z.email({ error: 'Invalid email format' }).max(254, { error: 'Invalid email format' }),
);

/** POST /users/register: what the API takes. */
export const createUserSchema = z.object({
  name: nameField,
  email: emailField,
  role: roleField,
  locationId: locationIdField(),
  password: passwordField,
  permissions: permissionsField.optional(),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** The Add User form: the API's fields plus the confirmation, checked in the browser. */
export const createUserFormSchema = createUserSchema
  .extend({ confirmPassword: z.string({ error: "Passwords don't match" }) })
  .refine((value) => value.password === value.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type CreateUserFormInput = z.infer<typeof createUserFormSchema>;

/** PUT /users/update/{id} and the Edit User form: the same rules without the passwords, plus status. */
export const updateUserSchema = z.object({
  name: nameField,
  email: emailField,
  role: roleField,
  locationId: locationIdField(),
  status: z.boolean({ error: 'Status must be true or false' }).optional(),
  permissions: permissionsField.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const updatePermissionsSchema = z.object({ permissions: permissionsField });
export type UpdatePermissionsInput = z.infer<typeof updatePermissionsSchema>;

export const resetPasswordSchema = z.object({ password: passwordField });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

const changePasswordFields = z.object({
  // 03 section 5, Change password: the current one is at least 8 characters too.
  currentPassword: z
    .string({ error: 'Current password must be at least 8 characters' })
    .min(8, { error: 'Current password must be at least 8 characters' })
    .max(1024, { error: 'Current password is too long' }),
  newPassword: passwordField,
});

/** Both passwords typed as text: the checks that compare them can say something. */
const bothText = (keys: string[]) => (payload: { value: unknown }) =>
  keys.every((key) => typeof (payload.value as Record<string, unknown>)?.[key] === 'string');

export const changePasswordSchema = changePasswordFields.refine(
  (value) => value.newPassword !== value.currentPassword,
  {
    error: PASSWORD_MESSAGES.sameAsCurrent,
    path: ['newPassword'],
    when: bothText(['currentPassword', 'newPassword']),
  },
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordFields
  .extend({ confirmPassword: z.string({ error: "Passwords don't match" }) })
  .refine((value) => value.newPassword !== value.currentPassword, {
    error: PASSWORD_MESSAGES.sameAsCurrent,
    path: ['newPassword'],
    when: bothText(['currentPassword', 'newPassword']),
  })
  // Said whatever else is wrong with the new password (a short one too).
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
    when: bothText(['newPassword', 'confirmPassword']),
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

export const userListQuery = paginationQuery(PAGE_SIZES.users).extend({
  search: optionalText('Search', 100),
  role: z.preprocess((value) => {
    const upper = upperOrUndefined(value);
    return upper === 'ALL' ? undefined : upper;
  }, z.enum(ROLES, { error: 'Role must be ADMIN or USER' }).optional()),
  location: z.preprocess(
    (value) => (value === 'all' ? undefined : value),
    optionalIdQuery('Location must be a location id'),
  ),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** GET <list>/export: the list's filters, every page, as xlsx or csv. */
export const userExportQuery = userListQuery.omit({ page: true, limit: true }).extend(exportFields);
export type UserExportQuery = z.infer<typeof userExportQuery>;

export const roleParam = z.object({
  role: z.preprocess(upperOrUndefined, z.enum(ROLES, { error: 'Role must be ADMIN or USER' })),
});

export const userPageQuery = paginationQuery(PAGE_SIZES.users);
