import type pg from 'pg';

/**
 * Node's codes for a server certificate that TLS verification refused: signed by a CA that
 * DATABASE_URL's `sslrootcert` does not hold, naming another host (`sslmode=verify-full`),
 * expired or not valid yet.
 */
const REFUSED_CERTIFICATE = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** What to tell the operator when `error` is PostgreSQL's certificate refused, else null. */
function refusedCertificate(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !REFUSED_CERTIFICATE.has(code)) return null;
  return (
    `PostgreSQL's certificate was refused (${code}: ${(error as Error).message}). ` +
    'DATABASE_URL asks to verify it (sslmode=verify-full): the server must present a certificate ' +
    "signed by the CA of the URL's sslrootcert file and naming the URL's host. Stockyard does " +
    'not connect to a database it cannot verify.'
  );
}

/**
 * Null when a connection to the database can be made, the clear message of a refused certificate
 * (refusedCertificate), or the connection's error thrown as it is.
 */
export async function certificateProblem(connection: pg.Pool | pg.Client): Promise<string | null> {
  try {
    await connection.query('select 1');
    return null;
  } catch (error) {
    const refused = refusedCertificate(error);
    if (refused) return refused;
    throw error;
  }
}
