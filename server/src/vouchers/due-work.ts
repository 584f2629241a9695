// The test clock's row for slips (schedules/test-clock.ts ENTITY_DUE_WORK): moving an entity's
// clock runs every confirmation and expiry of its slips due up to the new time, in time order,
// each at its own time, as the jobs would have when the time came.

import type { RelayContext } from '../flows/context.js';
import { settleDueSlip } from './settle-slip.js';
import { slipStateOf } from './slip-state.js';

/** Pending slips of one entity read per round. */
const SLIPS_PER_ROUND = 1_000;

export async function runDueSlips(ctx: RelayContext, entityId: string, upTo: number): Promise<number> {
  const slips = await ctx.store.payments.pendingBefore('slip', Number.MAX_SAFE_INTEGER, SLIPS_PER_ROUND, entityId);
  const due = slips
    .map((slip) => ({ slip, at: dueAt(slip.pendingJson) }))
    .filter((s): s is { slip: typeof s.slip; at: number } => s.at !== undefined && s.at <= upTo)
    .sort((a, b) => a.at - b.at);
  let ran = 0;
  for (const { slip, at } of due) {
    const end = await settleDueSlip(ctx, slip, at);
    if (end !== 'waiting' && end.kind !== 'refused') ran++;
  }
  return ran;
}

/** When something next happens to a slip: its confirmation, or else its expiry. */
function dueAt(pendingJson: string | null): number | undefined {
  const voucher = slipStateOf(pendingJson)?.voucher;
  return voucher ? (voucher.confirmAt ?? voucher.expiresAt) : undefined;
}
