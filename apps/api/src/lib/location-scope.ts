import { MESSAGES, ownLocation, type SessionUser } from '@stockyard/shared';
import { forbidden, notFound } from './app-error';

/**
 * The one place that limits a field manager to their own location (PRODUCT-DECISIONS.md, "Roles
 * and permission flags"). An admin works everywhere; a USER reads only their location's records
 * (another's is 404, as if it did not exist) and writes only at their location (403).
 */

/** The location a user is limited to, or null for an admin. A USER without one sees nothing. */
export function scopeOf(user: SessionUser): number | null {
  return ownLocation(user);
}

/** A list's location filter: a USER's own location, whatever they asked; another one is 404. */
export function listScope(
  user: SessionUser,
  requested: number | undefined,
  message = MESSAGES.locationNotFound,
): number | undefined {
  const scope = scopeOf(user);
  if (scope === null) return requested;
  if (requested !== undefined && requested !== scope) throw notFound(message);
  return scope;
}

/** A record of this location may be read by the user, or is 404 to them. */
export function assertReadable(user: SessionUser, locationId: number | null, message: string) {
  const scope = scopeOf(user);
  if (scope !== null && locationId !== scope) throw notFound(message);
}

/** A write at this location (the record's, and the one it is moved to) is the user's to make, or 403. */
export function assertWritable(user: SessionUser, ...locationIds: (number | null)[]) {
  const scope = scopeOf(user);
  if (scope !== null && locationIds.some((id) => id !== scope)) {
    throw forbidden(MESSAGES.otherLocation);
  }
}
