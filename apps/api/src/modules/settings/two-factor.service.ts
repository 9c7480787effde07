import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, SETTINGS_MESSAGES } from '@stockyard/shared';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { open, seal } from '../../lib/secret-box';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { checkOwnPassword } from '../sign-in-limits/sign-in-limits.service';
import { saveTwoFactor, useTotpStep } from '../users/users-account.service';
import * as repo from './settings.repository';

const PURPOSE = 'two-factor-secret';
const PERIOD = 30;
const ACCOUNT_NOT_FOUND = 'User not found';

function totpOf(secretBase32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'Stockyard',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a code of `delta` steps from now belongs to. */
const stepOf = (delta: number) => Math.floor(Date.now() / 1000 / PERIOD) + delta;

const recoveryHash = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace('-', '')).digest('hex');

/** Ten codes like `k3f9q-x82mz`: 50 bits each, from a-z and 0-9. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

async function settingsOf(db: DbExecutor, userId: number, lock = false) {
  const row = await repo.findSettings(db, userId, lock);
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return row;
}

/** Starts an enrolment: a new secret, kept sealed until a code confirms it; its QR code. */
export async function setup(ctx: AppContext, actor: Actor) {
  const row = await settingsOf(ctx.db, actor.user.id);
  if (row.twoFactorSecret) throw conflict(SETTINGS_MESSAGES.alreadyEnabled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const totp = totpOf(secret, row.email);
  await saveTwoFactor(ctx.db, row.id, {
    twoFactorPendingSecret: seal(ctx.jwtSecret, PURPOSE, secret),
  });
  const otpauthUrl = totp.toString();
  return {
    secret,
    otpauthUrl,
    qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 200 }),
  };
}

const invalidCode = () =>
  badRequest(SETTINGS_MESSAGES.invalidCode, [
    { path: 'code', message: SETTINGS_MESSAGES.invalidCode },
  ]);

/** Confirms the enrolment with a code of the new secret; answers the recovery codes, shown once. */
export async function enable(ctx: AppContext, actor: Actor, code: string) {
  const recoveryCodes = newRecoveryCodes();
  await inTransaction(ctx, async (uow) => {
    const row = await settingsOf(uow.tx, actor.user.id, true);
    if (row.twoFactorSecret) throw conflict(SETTINGS_MESSAGES.alreadyEnabled);
    const pending = row.twoFactorPendingSecret
      ? open(ctx.jwtSecret, PURPOSE, row.twoFactorPendingSecret)
      : null;
    if (!pending) throw badRequest(SETTINGS_MESSAGES.noPendingSetup);
    const delta = /^\d{6}$/.test(code)
      ? totpOf(pending, row.email).validate({ token: code, window: 1 })
      : null;
    if (delta === null) throw invalidCode();
    // The confirming code may sign in too: the one who typed it is the account's owner.
    await saveTwoFactor(uow.tx, row.id, {
      twoFactorSecret: row.twoFactorPendingSecret,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
    });
    await repo.replaceRecoveryCodes(uow.tx, row.id, recoveryCodes.map(recoveryHash));
    await recordActivity(uow.tx, {
      userId: row.id,
      action: 'ENABLE_TWO_FACTOR',
      description: `${row.name} turned on two-factor sign-in`,
      entityType: 'user',
      entityId: String(row.id),
      locationId: row.locationId,
      ip: actor.ip,
    });
  });
  return { recoveryCodes };
}

/** Turns two-factor sign-in off; the password proves it is the account's owner. */
export async function disable(ctx: AppContext, actor: Actor, password: string): Promise<void> {
  const row = await settingsOf(ctx.db, actor.user.id);
  const proven = await checkOwnPassword(
    ctx,
    { email: row.email, ip: actor.ip },
    row.passwordHash,
    password,
  );
  if (!proven) {
    // 400, not 401: the session is fine, only the proof is wrong.
    throw badRequest(SETTINGS_MESSAGES.passwordIncorrect, [
      { path: 'password', message: SETTINGS_MESSAGES.passwordIncorrect },
    ]);
  }
  if (!row.twoFactorSecret) throw conflict(SETTINGS_MESSAGES.notEnabled);
  if (actor.user.role === 'ADMIN' && (await repo.requiresAdminTwoFactor(ctx.db))) {
    throw conflict(SETTINGS_MESSAGES.requiredForAdmins);
  }
  await inTransaction(ctx, async (uow) => {
    await saveTwoFactor(uow.tx, row.id, {
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
    });
    await repo.replaceRecoveryCodes(uow.tx, row.id, []);
    await recordActivity(uow.tx, {
      userId: row.id,
      action: 'DISABLE_TWO_FACTOR',
      description: `${row.name} turned off two-factor sign-in`,
      entityType: 'user',
      entityId: String(row.id),
      locationId: row.locationId,
      ip: actor.ip,
    });
  });
}

/**
 * Checks the second factor of a sign-in: a current code of the account's secret (each 30-second
 * step signs in once), or an unused recovery code (spent by this call).
 */
export async function verifySignInCode(
  ctx: AppContext,
  db: DbExecutor,
  userId: number,
  code: string,
): Promise<boolean> {
  const row = await repo.findSettings(db, userId);
  const secret = row?.twoFactorSecret ? open(ctx.jwtSecret, PURPOSE, row.twoFactorSecret) : null;
  if (!row || !secret) return false;
  if (/^\d{6}$/.test(code)) {
    const delta = totpOf(secret, row.email).validate({ token: code, window: 1 });
    return delta !== null && (await useTotpStep(db, userId, stepOf(delta)));
  }
  return repo.useRecoveryCode(db, userId, recoveryHash(code));
}
