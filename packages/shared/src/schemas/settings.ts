import { z } from 'zod';
import {
  bicField,
  countryCodeField,
  E_INVOICE_MESSAGES,
  ibanField,
  vatIdField,
} from '../e-invoice';
import { phoneField } from './phone';
import { plainText, textOrEmpty } from './text';
import { TWO_FACTOR_CODE_MESSAGES, twoFactorCodeField } from './two-factor';

/** 03 section 5, Profile settings; the phone message word for word. */
export const PROFILE_MESSAGES = {
  companyNameShort: 'Company name must be at least 2 characters',
  companyNameLong: 'Company name must be at most 100 characters',
  email: 'Invalid email address',
  phone: 'Invalid phone number format',
  addressShort: 'Address must be at least 5 characters',
  addressLong: 'Address must be at most 200 characters',
} as const;

/**
 * The company's phone: the one rule for phone numbers (schemas/phone.ts), with the
 * separators people write ("+49 89 5551234") as the staff form takes them; 2 to 15 digits, the
 * first not a zero (03 section 5).
 */
const companyPhoneField = phoneField(PROFILE_MESSAGES.phone, 2, PROFILE_MESSAGES.phone).refine(
  (text) => /^\+?[\s(]*[1-9]/.test(text),
  { error: PROFILE_MESSAGES.phone },
);

/** PUT /users/company and the Profile Settings form. */
export const companyProfileSchema = z.object({
  companyName: plainText(
    z
      .string({ error: PROFILE_MESSAGES.companyNameShort })
      .trim()
      .min(2, { error: PROFILE_MESSAGES.companyNameShort })
      .max(100, { error: PROFILE_MESSAGES.companyNameLong }),
    'Company name',
  ),
  email: z
    .string({ error: PROFILE_MESSAGES.email })
    .trim()
    .pipe(z.email({ error: PROFILE_MESSAGES.email }).max(254, { error: PROFILE_MESSAGES.email })),
  phone: companyPhoneField,
  address: plainText(
    z
      .string({ error: PROFILE_MESSAGES.addressShort })
      .trim()
      .min(5, { error: PROFILE_MESSAGES.addressShort })
      .max(200, { error: PROFILE_MESSAGES.addressLong }),
    'Address',
    { multiline: true },
  ),
  // What an invoice must say of its issuer: optional here, needed to finalize (missingForIssue).
  postcode: textOrEmpty('Postcode', 20, E_INVOICE_MESSAGES.postcode),
  city: textOrEmpty('City', 100, E_INVOICE_MESSAGES.city),
  countryCode: countryCodeField,
  vatId: vatIdField,
  taxNumber: textOrEmpty('Tax number', 40, E_INVOICE_MESSAGES.taxNumber),
  registerEntry: textOrEmpty('Register entry', 200, E_INVOICE_MESSAGES.registerEntry),
  iban: ibanField,
  bic: bicField,
});
export type CompanyProfileInput = z.infer<typeof companyProfileSchema>;

/** The one company profile; empty strings until an admin saves it. */
export const companyProfileDto = z.object({
  companyName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  vatId: z.string(),
  taxNumber: z.string(),
  registerEntry: z.string(),
  iban: z.string(),
  bic: z.string(),
  updatedAt: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfileDto>;

export const NOTIFICATION_SWITCHES = [
  'emailAlerts',
  'lowStockAlerts',
  'rentalAlerts',
  'loginAlerts',
] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];

export const NOTIFICATION_SWITCH_LABELS: Record<NotificationSwitch, string> = {
  emailAlerts: 'Email Notifications',
  rentalAlerts: 'Rental Request Alerts',
  lowStockAlerts: 'Low Inventory Alerts',
  loginAlerts: 'Login Notifications',
};

/** A new account's switches. */
export const DEFAULT_NOTIFICATION_SETTINGS: Record<NotificationSwitch, boolean> = {
  emailAlerts: true,
  lowStockAlerts: true,
  rentalAlerts: true,
  loginAlerts: true,
};

export const SETTINGS_MESSAGES = {
  emailNotConfigured: 'E-mail is not configured on this server',
  twoFactorEnrolFirst: 'Set up two-factor sign-in from Security Settings first',
  twoFactorDisableWithPassword: 'Turning off two-factor sign-in needs your password',
  noSetting: 'Choose a setting to change',
  invalidCode: 'Invalid verification code',
  codeFormat: TWO_FACTOR_CODE_MESSAGES.codeFormat,
  noPendingSetup: 'Start the two-factor setup again',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on',
  passwordIncorrect: 'Password is incorrect',
  challengeExpired: TWO_FACTOR_CODE_MESSAGES.challengeExpired,
  challengeUsed: 'This sign-in is already complete. Sign in again to open another session.',
  passwordsDontMatch: "Passwords don't match",
  requireOwnTwoFactorFirst:
    'Set up two-factor sign-in for your own account before requiring it for admins',
  requiredForAdmins: 'Two-factor sign-in is required for admins: it cannot be turned off',
} as const;

/** The company's sign-in rule (GET and PUT /users/security, admins only). */
export const securitySettingsSchema = z.object({
  requireAdminTwoFactor: z.boolean({ error: 'Choose whether admins need two-factor sign-in' }),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
/** @alias of securitySettingsSchema: the answer is the rule as saved, the body's shape. */
export const securitySettingsDto = securitySettingsSchema;

/**
 * The toast of a switch that was saved (03 section 8's 'Notification setting '{key}' updated.'),
 * naming the switch as its label does: the key ('rentalAlerts') means nothing to its user.
 */
export const notificationSettingUpdated = (key: NotificationSwitch) =>
  `Notification setting '${NOTIFICATION_SWITCH_LABELS[key]}' updated.`;

/** PUT /users/notifications: any of the switches; twoFactorEnabled only as it already is. */
export const notificationSettingsUpdateSchema = z
  .object({
    emailAlerts: z.boolean().optional(),
    lowStockAlerts: z.boolean().optional(),
    rentalAlerts: z.boolean().optional(),
    loginAlerts: z.boolean().optional(),
    twoFactorEnabled: z.boolean().optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: SETTINGS_MESSAGES.noSetting,
  });
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

export const notificationSettingsDto = z.object({
  emailAlerts: z.boolean(),
  lowStockAlerts: z.boolean(),
  rentalAlerts: z.boolean(),
  loginAlerts: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Whether SMTP_URL is set: without it no e-mail is sent, whatever emailAlerts says. */
  emailConfigured: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsDto>;

export const twoFactorEnableSchema = z.object({ code: twoFactorCodeField });
export const twoFactorDisableSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(1024, { error: 'Password is too long' }),
});

/** POST /auth/2fa/setup: the secret to type and its QR code (a data: URL of a PNG). */
export const twoFactorSetupDto = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
/** POST /auth/2fa/enable: the ten one-time recovery codes, shown once. */
export const twoFactorEnabledDto = z.object({ recoveryCodes: z.array(z.string()) });

export const RECOVERY_CODE_COUNT = 10;

/** The toasts of the Settings page (03 section 8). */
export const SETTINGS_TOASTS = {
  successTitle: 'Success',
  errorTitle: 'Error',
  profileLoadFailed: 'Failed to fetch profile data',
  profileSaved: 'Profile updated successfully',
  profileFailed: 'Failed to update profile',
  passwordChanged: 'Password changed successfully',
  passwordFailed: 'Failed to change password',
  settingFailed: 'Failed to update notification setting',
} as const;
