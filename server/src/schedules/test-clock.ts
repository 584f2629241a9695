// Test clocks (test environment only). POST /v1/test/clock moves an entity's time forward; what
// became due for that entity up to the new time runs, in order, before the call answers; then
// the clock is written (forward only, so two moves never take it back). GET reads it. The
// entity's time is max(relay clock, test clock) (flows/entity-time.ts): a clock moved ahead stays there
// until the relay's clock passes it.
//
// ENTITY_DUE_WORK is the hook: one row per kind of timed work. Each runs what of one entity is
// due up to a time, in time order, and says how much ran. Voucher confirmations, redirect expiry
// and settlement join it with a row of their own.

import { setTimeout as pause } from 'node:timers/promises';
import type { RelayContext } from '../flows/context.js';
import { RetryJobAt, type RunnerLog } from '../jobs/runner.js';
import { chargeOccurrence } from './charge.js';
import { readEntityTime } from '../flows/entity-time.js';
import { fireDue } from './fire.js';
import { runDueSlips } from '../vouchers/due-work.js';
import { expireDueRedirects } from '../payments/redirect.js';
import { settleDueDays } from '../settlement/test-clock.js';

export interface DueWork {
  /** The key of its count in the answer (`ran`). */
  name: string;
  /** Runs, in time order, what of `entityId` is due up to `upTo`; how many things ran. */
  run(ctx: RelayContext, entityId: string, upTo: number, log: RunnerLog): Promise<number>;
}

/** Runs of one entity's schedules a single move steps through; past it, the missed-run rule applies. */
export const MAX_STEPPED_RUNS = 1_000;

/** How often a move looks whether another try has finished a run it waits for, ms. */
const OTHER_TRY_POLL_MS = 50;

/**
 * Charges one run the move steps through. A run another try holds (the jobs runner took the charge
 * job its firing queued, or a relay died holding it) is waited for, at most until that try's lease
 * runs out, when its claim is in doubt and the next try resolves it: the move answers once every
 * run is charged, never with the runner's "try again later".
 */
async function chargeStepping(ctx: RelayContext, occurrenceId: string, log: RunnerLog, at: number): Promise<void> {
  for (;;) {
    try {
      await chargeOccurrence(ctx, occurrenceId, log, at);
      return;
    } catch (error) {
      if (!(error instanceof RetryJobAt)) throw error;
      while (ctx.clock.now() < error.runAt && (await ctx.store.schedules.findOccurrence(occurrenceId))?.occurrence.status === 'due') await pause(OTHER_TRY_POLL_MS);
    }
  }
}

/** Schedule charges: every run up to `upTo` fires and is charged at its own time, oldest first. */
async function runDueSchedules(ctx: RelayContext, entityId: string, upTo: number, log: RunnerLog): Promise<number> {
  let ran = 0;
  for (;;) {
    const due = await fireDue(ctx, upTo, { entityId, catchUp: ran < MAX_STEPPED_RUNS ? 'each' : 'latest' });
    if (due.length === 0) return ran;
    for (const o of [...due].sort((a, b) => a.scheduledAt - b.scheduledAt)) {
      await chargeStepping(ctx, o.id, log, Math.max(ctx.clock.now(), o.scheduledAt));
      ran++;
    }
  }
}

export const ENTITY_DUE_WORK: readonly DueWork[] = [
  { name: 'scheduleCharges', run: runDueSchedules },
  // Voucher slips: confirmations and expiries due up to the new time (vouchers/due-work.ts).
  { name: 'voucherSlips', run: runDueSlips },
  // Redirect payments the shopper never came back from expire (payments/redirect.ts).
  { name: 'redirectExpiries', run: (ctx, entityId, upTo) => expireDueRedirects(ctx, entityId, upTo) },
  // Last, so the payments the rows above made are in: the days that closed, settled with their files
  // (settlement/test-clock.ts).
  { name: 'settledDays', run: (ctx, entityId, upTo) => settleDueDays(ctx, entityId, upTo) },
];

const quiet: RunnerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Everything of `entityId` due up to `upTo`, kind by kind; what ran, by kind. */
export async function runDueForEntity(ctx: RelayContext, entityId: string, upTo: number, log: RunnerLog = quiet): Promise<Record<string, number>> {
  const ran: Record<string, number> = {};
  for (const work of ENTITY_DUE_WORK) ran[work.name] = await work.run(ctx, entityId, upTo, log);
  return ran;
}

/** Moves the entity's test clock to `time` after running what became due; 'backwards' when it is past `time`. */
export async function moveTestClock(ctx: RelayContext, entityId: string, time: number, log: RunnerLog = quiet): Promise<Record<string, number> | 'backwards'> {
  if (time <= (await readEntityTime(ctx, entityId))) return 'backwards';
  const ran = await runDueForEntity(ctx, entityId, time, log);
  await ctx.store.schedules.moveTestClock(entityId, time, ctx.clock.now());
  return ran;
}
