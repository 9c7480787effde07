/** The PostgreSQL error behind a failed query (drizzle wraps it in `cause`). */
type PgError = { code?: string; constraint?: string };

function pgErrorOf(error: unknown): PgError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate;
    }
    current = candidate.cause;
  }
  return null;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/** A row that others refer to, or a reference to a row that is gone (23503; 23001 for RESTRICT). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '23503' || code === '23001';
}

export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23514' && (constraint === undefined || pg.constraint === constraint);
}

/** A row that an exclusion constraint refuses beside another (23P01), e.g. overlapping intervals. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23P01' && (constraint === undefined || pg.constraint === constraint);
}
