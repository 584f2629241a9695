// Requests left in doubt by a crash (docs/security-cases.md F1). At start-up, before the relay listens, an
// idempotency claim still in progress belongs to a process that is gone: the relay is one process
// per store. Its effect was never committed, because a request's effect and its claim's answer
// are written in one transaction; what the simulator did with it is asked of the simulator, which
// voids an authorization the relay never wrote. The claim is then released, so the client's retry
// with the same key runs as a new request: exactly one payment, and no claim stays pending until
// its TTL.

import type { RelayContext } from '../app/context.js';
import { claimReference } from '../http/idempotency.js';
import { resolveInDoubt } from '../simulator/journal.js';

interface Log {
  info(obj: object, msg: string): void;
}

export async function resolveInDoubtRequests(ctx: Pick<RelayContext, 'store' | 'clock'>, log: Log): Promise<void> {
  for (const { entityId, key, createdAt } of await ctx.store.inProgressIdempotencyKeys()) {
    const reference = claimReference(entityId, key, createdAt);
    const simulator = await resolveInDoubt(ctx.store, reference, ctx.clock.now());
    await ctx.store.releaseIdempotencyKey(entityId, key);
    log.info({ entityId, key, reference, simulator }, 'request in doubt after a restart resolved; its key is free for a retry');
  }
}
