// Requests left in doubt by a crash (docs/security-cases.md F1). An idempotency claim still in progress
// whose relay is gone never committed its effect, because a request's effect and its claim's
// answer are written in one transaction; what the simulator did with it is asked of the simulator,
// which voids an authorization the relay never wrote. The claim is then released, so the client's
// retry with the same key runs as a new request: exactly one payment, and no claim stays pending
// until its TTL.
//
// With several relays on one store, a claim in progress may be a live relay's: only a claim whose
// lease has expired is resolved, or one of this very relay from before its restart (at start-up,
// before it listens, and from then on as a periodic job on any relay).

import type { RelayContext } from '../flows/context.js';
import { claimReference } from '../flows/outcome.js';
import { resolveInDoubt } from '../simulator/journal.js';

interface Log {
  info(obj: object, msg: string): void;
}

/** Claims resolved per round; a round goes on until none is left. */
const ROUND = 100;

/**
 * Resolves every claim in doubt now; returns how many it released. `atStartUp`: this relay has not
 * listened yet, so its own claims are from before a restart and in doubt too; later (the periodic
 * job) its own claims are requests it is serving, and only expired leases are in doubt.
 */
export function resolveInDoubtRequests(ctx: Pick<RelayContext, 'store' | 'clock' | 'config' | 'metrics'>, log: Log, when: 'at-start-up' | 'while-serving'): Promise<number> {
  if (when === 'at-start-up') return resolveAll(ctx, log, when);
  // Charges that meet a dead relay's claims all ask at once: one pass over the claims serves
  // them all, instead of each going over the same claims again.
  const running = underWay.get(ctx.store);
  if (running) return running;
  const pass = resolveAll(ctx, log, when).finally(() => underWay.delete(ctx.store));
  underWay.set(ctx.store, pass);
  return pass;
}

/** The pass under way on each store, while serving. */
const underWay = new WeakMap<object, Promise<number>>();

async function resolveAll(ctx: Pick<RelayContext, 'store' | 'clock' | 'config' | 'metrics'>, log: Log, when: 'at-start-up' | 'while-serving'): Promise<number> {
  let released = 0;
  const restartedOwner = when === 'at-start-up' ? ctx.config.relayId : null;
  for (;;) {
    const claims = await ctx.store.idempotency.inDoubt(ctx.clock.now(), restartedOwner, ROUND);
    for (const claim of claims) {
      const reference = claimReference(claim.entityId, claim.key, claim.createdAt);
      const simulator = await resolveInDoubt(ctx.store, reference, ctx.clock.now());
      // A retry may have claimed the key afresh meanwhile: that claim is not released.
      if (await ctx.store.idempotency.release(claim)) {
        released++;
        ctx.metrics.claimsInDoubtResolved(1);
      }
      log.info({ entityId: claim.entityId, key: claim.key, owner: claim.owner, reference, simulator }, 'request in doubt resolved; its key is free for a retry');
    }
    if (claims.length < ROUND) return released;
  }
}
