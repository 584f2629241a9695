// The test merchant's owner in the back office: made on the first start of an empty store, with the
// test merchant, so that `npm start` leaves a back office one can sign in to at once. Its password
// is random (24 characters of base64url, 144 bits), stored as its scrypt hash, and shown once, in
// test-merchant.json and on the console, like the merchant's access token. A relay whose store
// already has merchants makes no user: people of a live merchant are invited (`relay user invite`).

import { randomBytes } from 'node:crypto';
import { hashPassword } from '../crypto/passwords.js';
import { randomHex } from '../crypto/tokens.js';
import type { EpochMs } from '../domain/records.js';
import type { UserRecord } from '../domain/users.js';
import type { Store } from '../storage/store.js';

/** The owner's address: an example domain (RFC 2606), so no mail ever goes anywhere. */
export const TEST_OWNER_EMAIL = 'owner@test-merchant.example';

export interface TestOwnerSignIn {
  /** The back office's origin (BACKOFFICE_PUBLIC_URL). */
  url: string;
  email: string;
  password: string;
}

/** A new active owner of `merchantId`, its password hashed: the record and the password to show. */
export async function newTestOwner(merchantId: string, now: EpochMs): Promise<{ user: UserRecord; password: string }> {
  const password = randomBytes(18).toString('base64url');
  const user: UserRecord = {
    id: randomHex(16),
    merchantId,
    email: TEST_OWNER_EMAIL,
    passwordHash: await hashPassword(password),
    role: 'owner',
    channelIds: null,
    totpSecret: null,
    totpLastStep: null,
    recoveryCodeHashes: null,
    status: 'active',
    createdAt: now,
    updatedAt: now,
    lastSignInAt: null,
  };
  return { user, password };
}

/** Writes the owner with the audit row that tells of it (made by the relay itself: no actor). */
export function writeTestOwner(store: Store, user: UserRecord, now: EpochMs): Promise<void> {
  return store.writeTogether([
    store.users.insertStatement(user),
    store.audit.appendStatement({ id: randomHex(16), merchantId: user.merchantId, userId: null, at: now, address: null, action: 'user.create', target: user.id, before: null, after: { email: user.email, role: user.role, status: user.status } }),
  ]);
}
