// The test clock's row for settlement (schedules/test-clock.ts ENTITY_DUE_WORK): moving an entity's
// clock past a day's close (midnight UTC plus the cut-off) settles that day of that entity and
// writes its reconciliation file, as the settlement job would have when the time came; other
// entities wait for the job. A day is settled at most once whoever gets there first (this move,
// another relay's move, the job): the aggregation's unique (entity, day, currency) index decides
// (storage/settlement.ts), and a day settled without its file (a move that failed in between, so
// the clock was not written) gets it on the next move.

import type { RelayContext } from '../flows/context.js';
import type { EpochMs } from '../domain/records.js';
import { DAY_MS, dayOf, startOfDay } from '../reports/report-range.js';
import { clockAt, readEntityTime } from '../flows/entity-time.js';
import { writeMissingFilesOf } from './file.js';
import { SETTLED_PAYMENT_TYPES } from '../domain/reconciliation-types.js';
import { lastClosedDay, settleDay } from './run.js';

/** When a day closes: its end plus the cut-off. */
const closeOf = (day: string, cutoffMs: number): EpochMs => startOfDay(day) + DAY_MS + cutoffMs;

/** Settles the entity's days that close between its time now and `upTo`, oldest first; how many days were settled. */
export async function settleDueDays(ctx: RelayContext, entityId: string, upTo: EpochMs): Promise<number> {
  const { settlementCutoffMs: cutoffMs, settlementLookbackDays: lookbackDays } = ctx.config.reports;
  const last = lastClosedDay(upTo, cutoffMs);
  const first = dayOf(startOfDay(lastClosedDay(await readEntityTime(ctx, entityId), cutoffMs)) + DAY_MS);
  if (first > last) return 0;
  const end = startOfDay(last) + DAY_MS;
  let settled = 0;
  let day = first;
  while (day <= last) {
    // As the job: a day takes the payments of the look-back before it that no settled day took.
    const since = startOfDay(day) - (lookbackDays - 1) * DAY_MS;
    // Days without a payment to settle are stepped over in one read, so a move of years stays cheap.
    const next = await ctx.store.settlement.firstCandidateAt(entityId, since, end, SETTLED_PAYMENT_TYPES);
    if (next === undefined) break;
    if (dayOf(next) > day) {
      day = dayOf(next);
      continue;
    }
    const written = await settleDay({ ...ctx, clock: clockAt(closeOf(day, cutoffMs)) }, entityId, day, since);
    if (written.length > 0) settled++;
    day = dayOf(startOfDay(day) + DAY_MS);
  }
  await writeMissingFilesOf({ ...ctx, clock: clockAt(upTo) }, entityId, first, last);
  return settled;
}
