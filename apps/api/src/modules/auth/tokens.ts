import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { derivedKey } from '../../lib/secret-box';

export type TokenClaims = { userId: number; sessionId: string };

const keys = new WeakMap<Uint8Array, KeyObject>();
/** The secret as a key object, made once: importing it at every call is most of a verify's cost. */
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signSessionToken(
  secret: Uint8Array,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setJti(claims.sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

type Verified = { claims: TokenClaims; expiresAtMs: number };

/** Tokens whose signature was checked, by secret; bounded, and an entry never outlives its token. */
const verified = new WeakMap<Uint8Array, Map<string, Verified>>();
const MAX_VERIFIED = 20_000;

function verifiedOf(secret: Uint8Array): Map<string, Verified> {
  let map = verified.get(secret);
  if (!map) {
    map = new Map();
    verified.set(secret, map);
  }
  return map;
}

/**
 * The claims of a valid, unexpired token signed by us; null for anything else. A checked signature
 * is remembered until the token expires: a token never changes, and the HMAC (a WebCrypto job on
 * the thread pool) costs more than a small read. Whether its session lives is asked every request.
 */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
  now = Date.now(),
): Promise<TokenClaims | null> {
  const known = verifiedOf(secret);
  const hit = known.get(token);
  if (hit) {
    if (hit.expiresAtMs > now) return hit.claims;
    known.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    if (!payload.jti || !Number.isInteger(userId) || typeof payload.exp !== 'number') return null;
    const claims = { userId, sessionId: payload.jti };
    if (known.size >= MAX_VERIFIED) known.clear();
    known.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** Two-factor challenges are signed with a key of their own, so that none passes as a session token. */
const CHALLENGE_PURPOSE = 'two-factor-challenge';
const CHALLENGE_SECONDS = 5 * 60;
const challengeKeys = new WeakMap<Uint8Array, Uint8Array>();
function challengeKeyOf(secret: Uint8Array): Uint8Array {
  let key = challengeKeys.get(secret);
  if (!key) {
    key = derivedKey(secret, CHALLENGE_PURPOSE);
    challengeKeys.set(secret, key);
  }
  return key;
}

/**
 * What the first step of a sign-in with two-factor hands back: valid for five minutes. It names
 * the one session it may open (its jti is that session's id), so that it completes one sign-in.
 */
export async function signChallenge(
  secret: Uint8Array,
  userId: number,
  email: string,
): Promise<string> {
  return new SignJWT({ email, purpose: CHALLENGE_PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_SECONDS}s`)
    .sign(challengeKeyOf(secret));
}

export type ChallengeClaims = { userId: number; email: string; sessionId: string };

export async function verifyChallenge(
  secret: Uint8Array,
  challenge: string,
): Promise<ChallengeClaims | null> {
  try {
    const { payload } = await jwtVerify(challenge, challengeKeyOf(secret), {
      algorithms: ['HS256'],
    });
    const userId = Number(payload.sub);
    if (payload.purpose !== CHALLENGE_PURPOSE || typeof payload.email !== 'string') return null;
    if (!payload.jti || !Number.isInteger(userId) || userId <= 0) return null;
    return { userId, email: payload.email, sessionId: payload.jti };
  } catch {
    return null;
  }
}
