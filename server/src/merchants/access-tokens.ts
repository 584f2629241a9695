// Creating and revoking a merchant's access tokens, the same for the back office (credentials
// routes) and the command line (`token create|revoke`): the token is drawn, hashed and shown once,
// its row and audit row written together; a revocation refuses the merchant's last working token.

import { generateAccessToken, hashToken, randomHex } from '../crypto/tokens.js';
import { TOKEN_NAME_MAX_LENGTH, type AccessTokenRecord } from '../domain/access-tokens.js';
import type { EpochMs } from '../domain/records.js';
import { writeTokenCreated, writeTokenRevoked } from '../storage/writes/index.js';
import type { Store } from '../storage/store.js';
import { newAccessToken } from './bootstrap.js';

const ID_BYTES = 16;

/** Who acts: a person of the back office from an address, or the command line (both null). */
export interface TokenActor {
  userId: string | null;
  address: string | null;
}

/** The token's name, trimmed, or why it cannot be one. */
export function checkTokenName(name: unknown): { name: string } | { problem: string } {
  if (typeof name !== 'string' || name.trim() === '') return { problem: 'must be a name for the token' };
  const trimmed = name.trim();
  if (trimmed.length > TOKEN_NAME_MAX_LENGTH) return { problem: `must be at most ${TOKEN_NAME_MAX_LENGTH} characters` };
  return { name: trimmed };
}

/** A new token for the merchant: its record and the token itself, which is never available again. */
export async function createAccessToken(store: Store, merchantId: string, name: string, now: EpochMs, by: TokenActor): Promise<{ record: AccessTokenRecord; token: string }> {
  const token = generateAccessToken();
  const record = newAccessToken(merchantId, name, hashToken(token), now);
  await writeTokenCreated(store, record, { ...by, auditId: randomHex(ID_BYTES) });
  return { record, token };
}

/**
 * Revokes the merchant's token `id`: 'revoked' (with its audit row), 'notFound' (no such working
 * token of the merchant's), or 'lastToken' (the merchant's last working one: another first).
 */
export async function revokeAccessToken(store: Store, merchantId: string, id: string, now: EpochMs, by: TokenActor): Promise<{ outcome: 'revoked'; token: AccessTokenRecord } | { outcome: 'notFound' } | { outcome: 'lastToken' }> {
  const token = await store.accessTokens.find(merchantId, id);
  if (!token || token.revokedAt !== null) return { outcome: 'notFound' };
  if (await writeTokenRevoked(store, token, now, { ...by, auditId: randomHex(ID_BYTES) })) return { outcome: 'revoked', token };
  // Revoked meanwhile by someone else, or the merchant's last working token.
  const current = await store.accessTokens.find(merchantId, id);
  return current?.revokedAt !== null ? { outcome: 'notFound' } : { outcome: 'lastToken' };
}
