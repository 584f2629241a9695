// A password hashed at a lower cost than the back office hashes at today (the cost was raised, or
// the hash came from elsewhere) is hashed again at sign-in, the one moment the relay holds the
// password: guarded by the hash that was read, so a password changed meanwhile is never
// overwritten, and audited without anything of the password.

import type { FastifyRequest } from 'fastify';
import { needsRehash } from '../crypto/passwords.js';
import { randomHex } from '../crypto/tokens.js';
import type { UserRecord } from '../domain/users.js';
import { writeUserChange } from '../storage/writes/index.js';
import type { BackofficeContext } from './contract.js';
import { hashNewPassword } from './passwords.js';

const ID_BYTES = 16;

/** Stores a new hash of `password` for `user` when theirs is weaker than today's cost. */
export async function rehashIfWeaker(ctx: BackofficeContext, request: FastifyRequest, user: UserRecord, password: string): Promise<void> {
  if (user.passwordHash === null || !needsRehash(user.passwordHash, request.server.backofficePasswordCost)) return;
  // False when the password changed since it was read: the newer one stands.
  await writeUserChange(ctx.store, {
    merchantId: user.merchantId,
    userId: user.id,
    change: { field: 'passwordHash', from: user.passwordHash, to: await hashNewPassword(request, password) },
    now: ctx.clock.now(),
    by: { userId: user.id, address: request.ip, action: 'user.rehashPassword', auditId: randomHex(ID_BYTES) },
  });
}
