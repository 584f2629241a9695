// A merchant's access token created or revoked, with the audit row that tells of it (its name,
// never the token nor its hash), in one group-commit batch.

import type { AccessTokenRecord } from '../../domain/access-tokens.js';
import type { EpochMs } from '../../domain/records.js';
import { mustChangeOneRow } from '../guarded-query.js';
import type { Store } from '../store.js';

/** Who did it, from where, and the audit row's id. */
export interface TokenAuditBy {
  userId: string | null;
  address: string | null;
  auditId: string;
}

export function writeTokenCreated(store: Store, token: AccessTokenRecord, by: TokenAuditBy): Promise<void> {
  return store.writeTogether([
    store.accessTokens.insertStatement(token),
    store.audit.appendStatement({
      id: by.auditId,
      merchantId: token.merchantId,
      userId: by.userId,
      at: token.createdAt,
      address: by.address,
      action: 'credentials.tokenCreated',
      target: token.id,
      before: null,
      after: { name: token.name },
    }),
  ]);
}

/** The token was already revoked, or was the merchant's last working one; never leaves writeTokenRevoked. */
class NotRevoked extends Error {}

/**
 * True when the token was revoked and audited; false (nothing written) when it was revoked
 * already, is not the merchant's, or is the merchant's last working token.
 */
export async function writeTokenRevoked(store: Store, token: Pick<AccessTokenRecord, 'id' | 'merchantId' | 'name'>, now: EpochMs, by: TokenAuditBy): Promise<boolean> {
  try {
    await store.writeTogether([
      // Two revocations of a merchant's last two tokens, on two relays, must not both land.
      store.merchants.lockStatement(token.merchantId),
      mustChangeOneRow(store.accessTokens.revokeStatement(token.merchantId, token.id, now), () => new NotRevoked()),
      store.audit.appendStatement({
        id: by.auditId,
        merchantId: token.merchantId,
        userId: by.userId,
        at: now,
        address: by.address,
        action: 'credentials.tokenRevoked',
        target: token.id,
        before: { name: token.name, revoked: false },
        after: { name: token.name, revoked: true },
      }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof NotRevoked) return false;
    throw error;
  }
}
