import type { LocationStatus, LocationType } from './types';

/**
 * A location's kinds, statuses, their labels and messages, and no schema (decision 074): a screen
 * that names a location's type imports them without building the locations' zod schemas, which
 * schemas/locations.ts makes from them.
 */

export const LOCATION_TYPES = ['BMR_YARD', 'FIELD'] as const satisfies readonly LocationType[];
export const LOCATION_STATUSES = [
  'ACTIVE',
  'INACTIVE',
] as const satisfies readonly LocationStatus[];

export const LOCATION_TYPE_LABELS: Record<LocationType, string> = {
  BMR_YARD: 'BMR Yard',
  FIELD: 'Field',
};
export const LOCATION_STATUS_LABELS: Record<LocationStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

/** Names compare without case and surrounding spaces (a unique index in PostgreSQL). */
export const LOCATION_NAME_TAKEN = 'A location with this name already exists';

export const CUSTOMER_EMAIL_MESSAGE = 'Customer e-mail must be a valid e-mail address';
