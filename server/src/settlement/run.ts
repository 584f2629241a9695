// The daily settlement run (a periodic job, app/job-kinds.ts): for each closed day within the look-back
// (a day closes at midnight UTC plus the configured cut-off, so payments still being written at
// midnight are in), each entity and each settlement currency, the day's successful settled types
// become one aggregation. Safe to run twice and on several relays at once: a day already settled
// writes nothing (storage/settlement.ts). Each day newly settled then gets its file (file.ts).
// A payment written into a day after that day was settled (a relay's clock behind, a payment in
// doubt resolved late) is not lost: it goes with the next day the run settles, as a bank puts a
// late transaction in the next batch, within the look-back.

import { writeAggregation } from '../storage/writes/index.js';
import type { RelayContext } from '../flows/context.js';
import type { EpochMs } from '../domain/records.js';
import { DAY_MS, dayOf, startOfDay } from '../reports/report-range.js';
import { settleCandidates, settlementTermsOf } from './records.js';
import { SETTLED_PAYMENT_TYPES } from '../domain/reconciliation-types.js';

export interface SettlementLog {
  info(obj: object, msg: string): void;
}

/** The last day whose cut-off has passed at `now`. */
export function lastClosedDay(now: EpochMs, cutoffMs: number): string {
  return dayOf(now - cutoffMs - DAY_MS);
}

/**
 * Settles one entity's day, with the payments of earlier days from `since` on that no settled day
 * took; the aggregations written (none when settled already or nothing to settle).
 */
export async function settleDay(ctx: RelayContext, entityId: string, day: string, since: EpochMs = startOfDay(day)): Promise<string[]> {
  const from = startOfDay(day);
  const candidates = await ctx.store.settlement.candidates(entityId, Math.min(since, from), from + DAY_MS, SETTLED_PAYMENT_TYPES);
  if (candidates.length === 0) return [];
  const entity = await ctx.store.entities.find(entityId);
  const byCurrency = new Map<string, typeof candidates>();
  for (const c of candidates) {
    const currency = settlementTermsOf(c).currency;
    byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), c]);
  }
  const now = ctx.clock.now();
  const written: string[] = [];
  for (const [currency, list] of [...byCurrency].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const settled = settleCandidates(entityId, day, dayOf(now), currency, list, entity?.settings.settlementFees, now);
    if (await writeAggregation(ctx.store, settled.aggregation, settled.records, settled.paymentIds)) written.push(settled.aggregation.id);
  }
  return written;
}

export interface SettlementResult {
  /** Entity and day of each newly written aggregation. */
  settled: { entityId: string; day: string; aggregationIds: string[] }[];
}

export async function runSettlement(ctx: RelayContext, afterDay?: (entityId: string, day: string) => Promise<void>): Promise<SettlementResult> {
  const config = ctx.config.reports;
  const last = startOfDay(lastClosedDay(ctx.clock.now(), config.settlementCutoffMs));
  const since = last - (config.settlementLookbackDays - 1) * DAY_MS;
  const result: SettlementResult = { settled: [] };
  for (const entityId of await ctx.store.settlement.entityIds()) {
    for (let back = config.settlementLookbackDays - 1; back >= 0; back--) {
      const day = dayOf(last - back * DAY_MS);
      const aggregationIds = await settleDay(ctx, entityId, day, since);
      if (aggregationIds.length === 0) continue;
      result.settled.push({ entityId, day, aggregationIds });
      if (afterDay) await afterDay(entityId, day);
    }
  }
  return result;
}
