import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (a two-factor secret) are sealed with AES-256-GCM under a key
 * derived from JWT_SECRET by HKDF, so that a copy of the database alone does not
 * give them away. `purpose` separates the keys of different uses.
 */
function keyOf(secret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'stockyard', purpose, 32));
}

const VERSION = 'v1';

export function seal(secret: Uint8Array, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The sealed text, or null when it was sealed under another key or was changed. */
export function open(secret: Uint8Array, purpose: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(secret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/** A key for another use of the secret (signing two-factor challenges), derived the same way. */
export function derivedKey(secret: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(keyOf(secret, purpose));
}
