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

/**
 * A transaction that PostgreSQL ended because of another one running at the same moment: a
 * deadlock (40P01) or a serialization failure (40001). Nothing of it was kept; the same work run
 * again will most likely pass.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

/** The server's answers that mean it cannot serve now: shut down, crashed, starting up (57P0x). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);
/** What pg says of a connection that went or never came (its errors carry no code). */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * The database cannot be reached or went away mid-query (it is down, restarting, or the network
 * is): a condition of the moment, not of the request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; syscall?: unknown; message?: unknown };
    if (candidate.syscall === 'connect') return true;
    if (candidate.code === 'ECONNRESET' || candidate.code === 'EPIPE') return true;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate.code.startsWith('08') || UNAVAILABLE_STATES.has(candidate.code);
    }
    if (typeof candidate.message === 'string' && LOST_CONNECTION.test(candidate.message)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
