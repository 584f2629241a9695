// What every route and service of the relay depends on, passed explicitly (no globals).
import type { Config } from '../process/config.js';
import type { CardVault } from '../crypto/card-vault.js';
import type { Clock } from '../domain/clock.js';
import type { LookupCache } from '../http/lookup-cache.js';
import type { Throttle } from '../http/throttle.js';
import type { Store } from '../storage/store.js';
import type { JobRunner } from '../jobs/runner.js';

export interface RelayContext {
  config: Config;
  store: Store;
  clock: Clock;
  vault: CardVault;
  throttle: Throttle;
  /** Merchants and channels found recently (auth on every call). */
  lookups: LookupCache;
  /** The jobs runner: queues and runs the work that happens after an answer. */
  jobs: JobRunner;
}
