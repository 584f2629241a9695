// What the relay keeps only for a while, removed by a periodic job on whichever relay claims it:
// idempotency keys past their TTL (they hold a keyed digest of a request and its answer, which
// nobody may replay after that), finished jobs past their keeping time, and 3-D Secure challenges
// the shopper abandoned (they expire as declined, so the payment does not stay pending forever and
// its checkout is free), the rows of back office sessions that ended, and counters of failed
// sign-ins that neither count nor lock any more. Safe to run twice: each step only removes or
// settles what is still due.

import type { RelayContext } from '../flows/context.js';
import { settleChallenge } from '../payments/three-d-secure.js';
import { CHALLENGE_TIMEOUT } from '../simulator/three-d-secure.js';
import { SESSION_LIMITS } from '../domain/backoffice-sessions.js';
import { FAILURES_KEPT_MS } from '../domain/sign-in-throttle.js';

export interface Purged {
  idempotencyKeys: number;
  jobs: number;
  expiredChallenges: number;
  endedSessions: number;
  idleSignInFailures: number;
}

/** Abandoned challenges settled per round. */
const CHALLENGES_PER_ROUND = 500;

/** One round, by the context's clock. */
export async function purgeExpired(ctx: RelayContext): Promise<Purged> {
  const now = ctx.clock.now();
  const idempotencyKeys = await ctx.store.idempotency.purge(now - ctx.config.idempotencyTtlMs);
  const jobs = await ctx.store.jobs.purgeFinished(now - ctx.config.jobs.keepFinishedMs);
  let expiredChallenges = 0;
  // A challenge lives as long as a checkout; one still pending after that was abandoned.
  for (const payment of await ctx.store.payments.pendingBefore('three-d-secure', now - ctx.config.checkoutTtlMs, CHALLENGES_PER_ROUND)) {
    const settled = await settleChallenge(ctx, payment, CHALLENGE_TIMEOUT.code);
    if (settled.kind === 'settled') expiredChallenges++;
  }
  const endedSessions = await ctx.store.sessions.deleteEnded(now, SESSION_LIMITS);
  const idleSignInFailures = await ctx.store.signInFailures.deleteIdle(now - FAILURES_KEPT_MS);
  return { idempotencyKeys, jobs, expiredChallenges, endedSessions, idleSignInFailures };
}
