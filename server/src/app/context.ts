// What every route and service of the relay depends on, passed explicitly (no globals).
import type { Config } from '../config/config.js';
import type { CardVault } from '../crypto/card-vault.js';
import type { Clock } from '../domain/clock.js';
import type { LookupCache } from '../merchants/lookup-cache.js';
import type { Throttle } from '../http/throttle.js';
import type { Store } from '../storage/store.js';
import type { JobRunner } from '../jobs/runner.js';
import type { Closer } from './closers.js';
import type { DatabaseStatus } from './database-status.js';
import type { ReadinessCheck } from '../http/readiness.js';
import type { Webhooks } from '../webhooks/service.js';

export type { Closer } from './closers.js';
export type { ReadinessCheck } from '../http/readiness.js';

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
  /** Webhook endpoints and the delivery of events to them. */
  webhooks: Webhooks;
  /** Whether the database answers, as the store's calls find it (503s, one log line per outage). */
  database: DatabaseStatus;
  /** What GET /ready runs; parts of the relay register their own checks here. */
  readiness: ReadinessCheck[];
  /** What shutdown closes once the last request is answered, last registered first (closers.ts). */
  closers: Closer[];
  /** Set when shutdown starts: /ready answers 503 and new requests 503 while in-flight ones finish. */
  draining: boolean;
}
