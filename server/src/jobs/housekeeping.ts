// What the relay keeps only for a while, removed on a timer: idempotency keys past their TTL (they
// hold a keyed digest of a request and its answer, which nobody may replay after that). Expired
// keys are already treated as unused when claimed; this keeps the table from growing.

import type { RelayContext } from '../app/context.js';

/** How often the relay clears expired data, ms. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface Purged {
  idempotencyKeys: number;
}

/** One round, by the context's clock. */
export async function purgeExpired(ctx: Pick<RelayContext, 'store' | 'clock' | 'config'>): Promise<Purged> {
  return { idempotencyKeys: await ctx.store.purgeIdempotencyKeys(ctx.clock.now() - ctx.config.idempotencyTtlMs) };
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Runs purgeExpired now and then every `intervalMs`; the timer does not keep the process alive. */
export function startHousekeeping(ctx: Pick<RelayContext, 'store' | 'clock' | 'config'>, log: Log, intervalMs = HOUSEKEEPING_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const round = (): void => {
    running = purgeExpired(ctx).then(
      (purged) => {
        if (purged.idempotencyKeys > 0) log.info({ purged }, 'expired data removed');
      },
      (error: unknown) => log.error({ err: error }, 'housekeeping failed'),
    );
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
