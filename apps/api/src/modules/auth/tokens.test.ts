import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './tokens';

const secretA = new TextEncoder().encode('a'.repeat(48));
const secretB = new TextEncoder().encode('b'.repeat(48));
const claims = { userId: 7, sessionId: '5b0c1f8e-2a47-4c55-9d4e-0d6a3c2f9e11' };

const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('session tokens', () => {
  it('gives back the claims of a token it signed, every time it is asked', async () => {
    const token = await signSessionToken(secretA, claims, inAnHour());
    expect(await verifySessionToken(secretA, token)).toEqual(claims);
    expect(await verifySessionToken(secretA, token)).toEqual(claims);
  });

  it('refuses a token signed with another secret, even one already verified under its own', async () => {
    const token = await signSessionToken(secretA, claims, inAnHour());
    expect(await verifySessionToken(secretA, token)).toEqual(claims);
    expect(await verifySessionToken(secretB, token)).toBeNull();
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const token = await signSessionToken(secretA, claims, inAnHour());
    await verifySessionToken(secretA, token);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: '1', jti: claims.sessionId, exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(await verifySessionToken(secretA, `${header}.${forged}.${signature}`)).toBeNull();
  });

  it('refuses a token once it has expired, although it was verified while it was valid', async () => {
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    const token = await signSessionToken(secretA, claims, expiresAt);
    expect(await verifySessionToken(secretA, token, expiresAt.getTime() - 1_000)).toEqual(claims);
    expect(await verifySessionToken(secretA, token, expiresAt.getTime())).toBeNull();
    expect(await verifySessionToken(secretA, token, expiresAt.getTime() + 1_000)).toBeNull();
  });

  it('refuses what is not a token', async () => {
    expect(await verifySessionToken(secretA, 'not-a-token')).toBeNull();
  });
});
