// A back office action on a payment, run once per idempotency key: the merchant API's claim
// (http/idempotency.ts) on the payment's channel, under a key space of the back office's own, so a
// button pressed twice runs the flow once and the second press is answered with the first one's
// result. The claim's refusals are said in the back office's words.

import { ApiError } from '../domain/errors.js';
import type { Claim, Outcome } from '../flows/outcome.js';
import { requestHash, withIdempotency, type HttpAnswer } from '../http/idempotency.js';
import type { FlatParams } from '../params/types.js';
import { BackofficeError, type BackofficeContext } from './contract.js';

export interface KeyedAction {
  entityId: string;
  /** The key with its key space (`backoffice:`, `backoffice:test:`), never one a shop could send. */
  key: string;
  /** The back office's path of the action: a key reused for another action or payment is refused. */
  path: string;
  params: FlatParams;
}

export async function runOncePerKey(ctx: BackofficeContext, action: KeyedAction, flow: (claim: Claim) => Promise<Outcome>): Promise<HttpAnswer> {
  const now = ctx.clock.now();
  try {
    return await withIdempotency(
      ctx.store,
      {
        entityId: action.entityId,
        key: action.key,
        hash: () => requestHash(ctx.vault.requestDigest(), 'POST', action.path, action.params),
        formerHashes: () => ctx.vault.formerRequestDigests().map((digest) => requestHash(digest, 'POST', action.path, action.params)),
        now,
        ttlMs: ctx.config.idempotencyTtlMs,
        holder: { owner: ctx.config.relayId, leaseUntil: now + ctx.config.claimLeaseMs },
      },
      flow,
    );
  } catch (error) {
    if (error instanceof ApiError && error.errorName === 'idempotencyInProgress') throw new BackofficeError('conflict', 'this action is being sent already; look again in a moment');
    if (error instanceof ApiError && error.errorName === 'idempotencyMismatch') {
      throw new BackofficeError('invalidParameters', 'idempotencyKey was used for another action', { parameters: [{ name: 'idempotencyKey', message: 'was used for another action; make a new one' }] });
    }
    throw error;
  }
}
