/**
 * Idempotency keys (docs/decisions/019-idempotency-keys.md): a write sent again with the same
 * `Idempotency-Key` header is answered the first answer again and changes nothing.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set on an answer given again from a stored one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1 to 255 printable ASCII characters (a UUID is 36). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** How long a key is kept: sent again later, the request is a new one. */
export const IDEMPOTENCY_KEY_LIFETIME_HOURS = 24;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a call takes the header: every write of the API but sign-in, sign-out and two-factor
 * (/api/auth: public, or answering secrets that no table should keep).
 */
export function takesIdempotencyKey(method: string, path: string): boolean {
  return (
    WRITE_METHODS.has(method.toUpperCase()) &&
    path.startsWith('/api/') &&
    !path.startsWith('/api/auth/')
  );
}
