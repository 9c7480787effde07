import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MESSAGES } from '@stockyard/shared';
import { badRequest } from './app-error';

// argon2id (Algorithm.Argon2id is a const enum, so its value is written here) at OWASP's minimum.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let commonPasswords: Promise<Set<string>> | undefined;
// Loaded on first use: the list is large and only setting a password needs it.
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswords;
}

/** Whether a password is on the common-password list; the list is lower case, so is the lookup. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/**
 * Hashes a password being set (register, reset, change) after the server-only half of the policy:
 * a common one is refused with 400 under `field`. The structure is checked by the shared schema.
 */
export async function hashNewPassword(password: string, field = 'password'): Promise<string> {
  if (await isCommonPassword(password)) {
    throw badRequest(PASSWORD_MESSAGES.tooCommon, [
      { path: field, message: PASSWORD_MESSAGES.tooCommon },
    ]);
  }
  return hashPassword(password);
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the account does not exist, so that timing does not reveal it. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('stockyard-no-such-account');
  return dummyHash;
}
