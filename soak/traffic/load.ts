// The load generator: starts flows at a steady rate, each of a kind drawn from a shop-like mix, and
// moves the clock channel's test clock a day every few seconds. At most MAX_IN_FLIGHT flows run at
// once: when the relays stall (a fault), the generator waits instead of piling up requests.

import { setTimeout as pause } from 'node:timers/promises';
import { chargebackFlow } from './chargebacks.js';
import { checkoutFlow } from './checkouts.js';
import { debitFlow } from './debits.js';
import { preauthorizationFlow } from './preauthorizations.js';
import { registrationFlow } from './registrations.js';
import { reportFlow } from './reports.js';
import { clockMover, scheduleFlow } from './schedules.js';
import { slipFlow } from './slips.js';
import type { Flow, Shop } from './shop.js';

/** Flow kinds and their weights: card sales first, then what follows them. */
export const MIX: ReadonlyArray<readonly [string, Flow, number]> = [
  ['debit', debitFlow, 25],
  ['preauthorization', preauthorizationFlow, 15],
  ['checkout', checkoutFlow, 18],
  ['registration', registrationFlow, 10],
  ['schedule', scheduleFlow, 4],
  ['slip', slipFlow, 8],
  ['chargeback', chargebackFlow, 8],
  ['report', reportFlow, 8],
];

const MAX_IN_FLIGHT = 48;
const CLOCK_MOVE_EVERY_MS = 4_000;

export interface LoadStats {
  started: number;
  failed: number;
  byKind: Record<string, number>;
  errors: string[];
}

/** Runs until `until` (ms since the epoch); resolves once every flow it started has ended. */
export async function runLoad(shop: Shop, ratePerSecond: number, until: number): Promise<LoadStats> {
  const stats: LoadStats = { started: 0, failed: 0, byKind: {}, errors: [] };
  const total = MIX.reduce((sum, [, , weight]) => sum + weight, 0);
  const inFlight = new Set<Promise<void>>();
  const moveClock = await clockMover(shop);
  const clockLoop = (async () => {
    while (Date.now() < until) {
      await pause(CLOCK_MOVE_EVERY_MS);
      await moveClock().catch((error: unknown) => void stats.errors.push(`clock: ${(error as Error).message}`));
    }
  })();
  const gap = 1_000 / ratePerSecond;
  let next = Date.now();
  while (Date.now() < until) {
    if (inFlight.size >= MAX_IN_FLIGHT) {
      await Promise.race(inFlight);
      continue;
    }
    let draw = shop.random.next() * total;
    const [name, flow] = MIX.find(([, , weight]) => (draw -= weight) < 0) ?? (MIX[0] as (typeof MIX)[number]);
    stats.started += 1;
    stats.byKind[name] = (stats.byKind[name] ?? 0) + 1;
    const running: Promise<void> = flow(shop)
      .catch((error: unknown) => {
        stats.failed += 1;
        if (stats.errors.length < 20) stats.errors.push(`${name}: ${(error as Error).stack ?? String(error)}`);
      })
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
    next += gap;
    const wait = next - Date.now();
    if (wait > 0) await pause(wait);
    else next = Date.now();
  }
  await Promise.all([...inFlight, clockLoop]);
  return stats;
}
