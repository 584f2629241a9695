// What every flow receives (a payment, a checkout, a voucher, a schedule's charge, a report, a
// job's work): the relay's settings, its store and clock, the card vault and the lookups of
// merchants and channels. Declared here, below the flows, and implemented by the app
// (app/context.ts: AppContext), so a flow names the context it runs in without importing the
// folders above it; the HTTP layer adds what routes use (http/context.ts).

import type { Config } from '../config/config.js';
import type { CardVault } from '../crypto/card-vault.js';
import type { Clock } from '../domain/clock.js';
import type { LookupCache } from '../merchants/lookup-cache.js';
import type { Store } from '../storage/store.js';
import type { RelayMetrics } from '../domain/metrics.js';

export interface RelayContext {
  config: Config;
  store: Store;
  clock: Clock;
  vault: CardVault;
  /** Merchants and channels found recently (auth on every call). */
  lookups: LookupCache;
  /**
   * The request this flow runs for, or the one that caused the work it does (a job's, a schedule's
   * creator's): recorded with the events and jobs it queues, so their log lines carry it too.
   * Absent in the process's own context; set on a per-request one (request-scope.ts).
   */
  requestId?: string;
  /** What the relay reports as it works (domain/metrics.ts); NO_METRICS when metrics are off. */
  metrics: RelayMetrics;
}
