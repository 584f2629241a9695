// Access tokens and other random secrets. A token carries 256 random bits, so a plain SHA-256 is
// enough to store it (nothing to brute-force, no salt or key needed); the comparison of hashes is
// constant-time all the same (A5).

import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Random bytes in an access token: 32 bytes = 43 base64url characters. */
const TOKEN_BYTES = 32;

export function generateAccessToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * SHA-256 of the token, lowercase hex: what the store keeps and looks tokens up by. Every API call
 * hashes its token; the one-shot hash costs a third of a Hash object's create, update and digest.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Compares two token hashes in constant time; different lengths never match. */
export function tokenMatches(hashA: string, hashB: string): boolean {
  const a = Buffer.from(hashA, 'utf8');
  const b = Buffer.from(hashB, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `bytes` random bytes as lowercase hex (merchant and entity ids, webhook secrets). */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
