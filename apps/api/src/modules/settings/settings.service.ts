import {
  type CompanyProfile,
  type CompanyProfileInput,
  type IssuedSeller,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  SETTINGS_MESSAGES,
  type SecuritySettings,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { saveSwitches } from '../users/users-account.service';
import * as repo from './settings.repository';

const ACCOUNT_NOT_FOUND = 'User not found';

function toProfile(found: Awaited<ReturnType<typeof repo.findCompanyProfile>>): CompanyProfile {
  // A profile made only to hold the sign-in rule was never saved (setRequireAdminTwoFactor).
  const row = found?.companyName ? found : null;
  return {
    companyName: row?.companyName ?? '',
    email: row?.email ?? '',
    phone: row?.phone ?? '',
    address: row?.address ?? '',
    postcode: row?.postcode ?? '',
    city: row?.city ?? '',
    countryCode: row?.countryCode ?? '',
    vatId: row?.vatId ?? '',
    taxNumber: row?.taxNumber ?? '',
    registerEntry: row?.registerEntry ?? '',
    iban: row?.iban ?? '',
    bic: row?.bic ?? '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * The seller an invoice is frozen with when finalized (read in that transaction): empty strings
 * for what the profile does not say.
 */
export async function currentIssuer(db: DbExecutor): Promise<IssuedSeller> {
  const profile = toProfile(await repo.findCompanyProfile(db));
  return {
    name: profile.companyName,
    address: profile.address,
    postcode: profile.postcode,
    city: profile.city,
    countryCode: profile.countryCode,
    email: profile.email,
    phone: profile.phone,
    vatId: profile.vatId,
    taxNumber: profile.taxNumber,
    registerEntry: profile.registerEntry,
    iban: profile.iban,
    bic: profile.bic,
  };
}

/** The one company profile (empty until an admin saves it). */
export async function getCompanyProfile(ctx: AppContext): Promise<CompanyProfile> {
  return toProfile(await repo.findCompanyProfile(ctx.db));
}

/** The name and address that head an invoice (preview and Excel file); null until saved. */
export async function invoiceHeading(
  ctx: AppContext,
): Promise<{ companyName: string; address: string } | null> {
  const row = await repo.findCompanyProfile(ctx.db);
  return row?.companyName ? { companyName: row.companyName, address: row.address } : null;
}

/** The company's sign-in rule (admins only). */
export async function getSecuritySettings(ctx: AppContext): Promise<SecuritySettings> {
  return { requireAdminTwoFactor: await repo.requiresAdminTwoFactor(ctx.db) };
}

/**
 * Sets Require two-factor sign-in for admins. Turning it on needs the admin's own two-factor
 * sign-in first, so that the one who requires it is not the first refused by it.
 */
export async function updateSecuritySettings(
  ctx: AppContext,
  actor: Actor,
  input: SecuritySettings,
): Promise<SecuritySettings> {
  return inTransaction(ctx, async ({ tx }) => {
    if (input.requireAdminTwoFactor) {
      const own = await repo.findSettings(tx, actor.user.id);
      if (!own?.twoFactorSecret) throw conflict(SETTINGS_MESSAGES.requireOwnTwoFactorFirst);
    }
    const before = await repo.requiresAdminTwoFactor(tx);
    await repo.setRequireAdminTwoFactor(tx, input.requireAdminTwoFactor);
    if (before !== input.requireAdminTwoFactor) {
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'UPDATE_SECURITY_SETTINGS',
        description: `${input.requireAdminTwoFactor ? 'Required' : 'Stopped requiring'} two-factor sign-in for admins`,
        entityType: 'company',
        entityId: '1',
        locationId: null,
        details: { requireAdminTwoFactor: input.requireAdminTwoFactor },
        ip: actor.ip,
      });
    }
    return { requireAdminTwoFactor: input.requireAdminTwoFactor };
  });
}

export async function updateCompanyProfile(
  ctx: AppContext,
  actor: Actor,
  input: CompanyProfileInput,
): Promise<CompanyProfile> {
  return inTransaction(ctx, async ({ tx }) => {
    const before = await repo.findCompanyProfile(tx);
    const row = await repo.saveCompanyProfile(tx, input, actor.user.id);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_COMPANY_PROFILE',
      description: `Updated the company profile (${row.companyName})`,
      entityType: 'company',
      entityId: '1',
      locationId: null,
      details: { before: before ? toProfile(before) : null, after: input },
      ip: actor.ip,
    });
    return toProfile(row);
  });
}

function toSettings(ctx: AppContext, row: repo.SettingsRow): NotificationSettings {
  return {
    emailAlerts: row.emailAlerts,
    lowStockAlerts: row.lowStockAlerts,
    rentalAlerts: row.rentalAlerts,
    loginAlerts: row.loginAlerts,
    twoFactorEnabled: row.twoFactorSecret !== null,
    emailConfigured: Boolean(ctx.mailer),
  };
}

/** One's own switches only: another user's are 403. */
export async function getNotificationSettings(
  ctx: AppContext,
  actor: Actor,
  userId: number,
): Promise<NotificationSettings> {
  if (userId !== actor.user.id) throw forbidden('You can only see your own settings.');
  const row = await repo.findSettings(ctx.db, userId);
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return toSettings(ctx, row);
}

/**
 * Saves the switches sent. `twoFactorEnabled` is accepted only as it already is: turning it on is
 * the enrolment (a code), turning it off needs the password.
 */
export async function updateNotificationSettings(
  ctx: AppContext,
  actor: Actor,
  input: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const { twoFactorEnabled, ...switches } = input;
  if (switches.emailAlerts === true && !ctx.mailer) {
    throw badRequest(SETTINGS_MESSAGES.emailNotConfigured, [
      { path: 'emailAlerts', message: SETTINGS_MESSAGES.emailNotConfigured },
    ]);
  }
  return inTransaction(ctx, async ({ tx }) => {
    const current = await repo.findSettings(tx, actor.user.id, true);
    if (!current) throw notFound(ACCOUNT_NOT_FOUND);
    const enabled = current.twoFactorSecret !== null;
    if (twoFactorEnabled !== undefined && twoFactorEnabled !== enabled) {
      const message = twoFactorEnabled
        ? SETTINGS_MESSAGES.twoFactorEnrolFirst
        : SETTINGS_MESSAGES.twoFactorDisableWithPassword;
      throw badRequest(message, [{ path: 'twoFactorEnabled', message }]);
    }
    const changed = Object.fromEntries(
      Object.entries(switches).filter(
        ([key, value]) => value !== undefined && current[key as keyof typeof switches] !== value,
      ),
    );
    if (Object.keys(changed).length === 0) return toSettings(ctx, current);
    const row = await saveSwitches(tx, actor.user.id, changed);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'UPDATE_NOTIFICATION_SETTINGS',
      description: `${current.name} changed their notification settings`,
      entityType: 'user',
      entityId: String(actor.user.id),
      locationId: current.locationId,
      details: changed,
      ip: actor.ip,
    });
    return toSettings(ctx, row);
  });
}
