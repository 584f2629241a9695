// Checkouts expire by time alone: no event happens when one does. The metrics count them in the
// housekeeping round, which runs once per period across every relay (a periodic job, one per
// slot): each round counts the checkouts whose expiry fell in the period before its slot and that
// were never paid, so every expired checkout is counted once, by one relay. A period whose round
// never ran (every relay down for all of it) is not counted.

import type { RelayContext } from '../flows/context.js';

/** The slot a periodic job's payload names (jobs/runner.ts queues `{ slot }`), or undefined. */
export function slotOf(payload: unknown): number | undefined {
  const slot = (payload as { slot?: unknown } | null)?.slot;
  return typeof slot === 'number' && Number.isSafeInteger(slot) ? slot : undefined;
}

export async function countExpiredCheckouts(ctx: Pick<RelayContext, 'store' | 'metrics'>, slot: number, periodMs: number): Promise<number> {
  if (!ctx.metrics.enabled) return 0;
  const until = slot * periodMs;
  const expired = await ctx.store.checkouts.countExpiredUnpaid(until - periodMs, until);
  ctx.metrics.checkout('expired', expired);
  return expired;
}
