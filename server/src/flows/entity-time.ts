// An entity's time: the relay's clock, or in the test environment its test clock when that was
// moved ahead. A test clock holds the time it was moved to until the relay's clock passes it, so
// it never goes back; what it moved past has run (test-clock.ts).

import type { RelayContext } from './context.js';
import type { Clock } from '../domain/clock.js';

/** The entity's time now, its test clock read from the store (the relay's clock in live). */
export async function readEntityTime(ctx: RelayContext, entityId: string): Promise<number> {
  return ctx.config.environment === 'live' ? ctx.clock.now() : entityTime(ctx, await ctx.store.schedules.findTestClock(entityId));
}

/** The entity's time, its test clock read already (undefined: never moved). */
export function entityTime(ctx: Pick<RelayContext, 'clock' | 'config'>, testClock: number | undefined): number {
  const now = ctx.clock.now();
  return ctx.config.environment === 'live' || testClock === undefined ? now : Math.max(now, testClock);
}

/** A clock stopped at `at`: what a flow run at an entity's time reads. */
export function clockAt(at: number): Clock {
  return { now: () => at };
}
