// The back office's people for the store contract: a merchant, a user of it, an invitation and an
// audit entry, shared by the users and audit repositories' contracts and their composite writes'.

import type { Store } from '../../../src/storage/store.js';
import type { AuditEntry, UserInvitationRecord, UserRecord } from '../../../src/domain/users.js';
import { HOUR, id, T0 } from './fixtures.js';

/** A merchant of its own; returns its id. */
export async function newMerchant(store: Store): Promise<string> {
  const merchantId = id();
  await store.merchants.create({ id: merchantId, name: 'M', tokenHash: id() + id(), webhookSecret: id() + id(), createdAt: T0 });
  return merchantId;
}

export function userRecord(merchantId: string, over: Partial<UserRecord> = {}): UserRecord {
  return {
    id: id(),
    merchantId,
    email: `${id()}@shop.example`,
    passwordHash: null,
    role: 'support',
    channelIds: null,
    totpSecret: null,
    totpLastStep: null,
    recoveryCodeHashes: null,
    status: 'invited',
    createdAt: T0,
    updatedAt: T0,
    lastSignInAt: null,
    ...over,
  };
}

export function invitationRecord(userId: string, over: Partial<UserInvitationRecord> = {}): UserInvitationRecord {
  return { tokenHash: id() + id(), userId, expiresAt: T0 + 24 * HOUR, usedAt: null, ...over };
}

export function auditEntry(merchantId: string, over: Partial<AuditEntry> = {}): AuditEntry {
  return { id: id(), merchantId, userId: null, at: T0, address: null, action: 'user.invite', target: null, before: null, after: null, ...over };
}
