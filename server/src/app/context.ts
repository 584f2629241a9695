// What the relay's process holds, passed explicitly (no globals): the routes' context
// (http/context.ts), itself the flows' context (flows/context.ts) and more, with what only the
// process uses to run and stop: the jobs runner, the database's status, the closers, draining.

import type { HttpContext } from '../http/context.js';
import type { JobRunner } from '../jobs/runner.js';
import type { Closer } from './closers.js';
import type { ActiveCardKey } from './active-card-key.js';
import type { DatabaseStatus } from './database-status.js';
import type { PrometheusMetrics } from '../metrics/prometheus.js';

export interface AppContext extends HttpContext {
  /** The jobs runner: queues and runs the work that happens after an answer. */
  jobs: JobRunner;
  /** Whether the database answers, as the store's calls find it (503s, one log line per outage). */
  database: DatabaseStatus;
  /** What shutdown closes once the last request is answered, last registered first (closers.ts). */
  closers: Closer[];
  /** Keeps the vault sealing with the key the database names active (active-card-key.ts). */
  activeCardKey: ActiveCardKey;
  /** Set when shutdown starts: /ready answers 503 and new requests 503 while in-flight ones finish. */
  draining: boolean;
  /** The metrics' registry when METRICS_PORT or METRICS_TOKEN is set (docs/metrics.md); null when off. */
  prometheus: PrometheusMetrics | null;
}
