// Builds the relay's dependencies from a Config: the store (migrated, and watched for outages), the
// card vault with its key kept outside the database, the clock, the throttle (counted in Redis when
// REDIS_URL is set, so all relay processes share it; in this process otherwise), the jobs runner,
// the readiness checks and the closers. Used by the process and by tests.

import type { Config } from '../config/config.js';
import type { AppContext } from './context.js';
import { CardVault } from '../crypto/card-vault.js';
import { loadKeyring } from '../crypto/keyring.js';
import { ActiveCardKey } from './active-card-key.js';
import { systemClock, type Clock } from '../domain/clock.js';
import { LookupCache } from '../merchants/lookup-cache.js';
import { InProcessThrottle, type Throttle } from '../http/throttle.js';
import { RedisThrottle } from '../http/redis-throttle.js';
import { relayJobs } from './job-kinds.js';
import { JobRunner } from '../jobs/runner.js';
import { openStore } from '../storage/index.js';
import { sealPlainWebhookSecrets } from '../merchants/bootstrap.js';
import type { Store } from '../storage/store.js';
import { DatabaseStatus, watchStore } from './database-status.js';
import { storeReadiness } from '../http/readiness.js';
import { Webhooks } from '../webhooks/service.js';
import { checkCardKeysOpenStore } from './key-check.js';
import { NO_METRICS, type RelayMetrics } from '../domain/metrics.js';
import { metricsEnabled, relayPrometheus } from '../metrics/relay-prometheus.js';
import { timedStore } from '../metrics/timed-store.js';
import { countedThrottle } from '../metrics/counted-throttle.js';

export async function createContext(config: Config, options: { clock?: Clock; store?: Store } = {}): Promise<AppContext> {
  const clock = options.clock ?? systemClock;
  const opened = options.store ?? (await openStore(config));
  await opened.migrate();
  const keyring = loadKeyring(config);
  const vault = new CardVault(keyring);
  const activeCardKey = new ActiveCardKey(opened, vault, () => loadKeyring(config), keyring);
  // A relay without the active key refuses to start rather than seal with another one.
  const keyReady = await activeCardKey.refresh();
  if (keyReady !== true) throw new Error(keyReady);
  await checkCardKeysOpenStore(opened, vault);
  // A store from before webhook secrets were sealed: seal them now, before anything is served.
  await sealPlainWebhookSecrets(opened, vault);
  const database = new DatabaseStatus();
  // Metrics only when the operator asked for them (METRICS_PORT, METRICS_TOKEN): off, nothing is wrapped or counted.
  const prometheus = metricsEnabled(config) ? relayPrometheus(config, clock) : null;
  const metrics: RelayMetrics = prometheus ?? NO_METRICS;
  const store = watchStore(prometheus ? timedStore(opened, prometheus) : opened, database);
  const counting = await throttleFor(config, clock, metrics);
  const throttle = prometheus ? countedThrottle(counting, metrics) : counting;
  const ctx: Omit<AppContext, 'jobs'> & { jobs?: JobRunner } = {
    config,
    store,
    clock,
    vault,
    activeCardKey,
    webhooks: new Webhooks({ store, vault, clock, config, metrics }),
    metrics,
    prometheus,
    throttle,
    lookups: new LookupCache(store, clock),
    database,
    readiness: storeReadiness(store),
    // Closed last registered first: the jobs runner, then the throttle, then the store.
    closers: [
      { name: 'store', close: () => opened.close() },
      { name: 'throttle', close: () => throttle.close() },
    ],
    draining: false,
  };
  // The runner's handlers work on the context they belong to; the process starts it.
  const full = ctx as AppContext;
  const { handlers, periodic } = relayJobs(full);
  const jobs = new JobRunner({ store, clock, owner: config.relayId, config: config.jobs, handlers, periodic, metrics, busyGroups: () => full.webhooks.busyEndpoints(), groupLimit: config.webhooks.endpointConcurrency });
  full.jobs = jobs;
  full.readiness.push({ name: 'card key', check: () => activeCardKey.refresh() });
  activeCardKey.start();
  full.closers.push({ name: 'card key refresh', close: async () => activeCardKey.stop() });
  full.readiness.push({ name: 'accepting requests', check: async () => (full.draining ? 'shutting down' : true) });
  full.closers.push({ name: 'webhook connections', close: async () => full.webhooks.close() });
  // Finishes the round under way and hands back whatever it still holds (SIGTERM).
  full.closers.push({ name: 'jobs runner', close: () => jobs.stop() });
  return full;
}

async function throttleFor(config: Config, clock: Clock, metrics: RelayMetrics): Promise<Throttle> {
  const windowMs = config.throttle.windowMs;
  if (!config.redisUrl) return new InProcessThrottle(clock, windowMs);
  return RedisThrottle.connect(clock, { url: config.redisUrl, prefix: config.redisPrefix, windowMs, ...(metrics.enabled ? { onUncounted: () => metrics.throttleRedisFallback() } : {}) });
}
