// Builds the relay's dependencies from a Config: the store (migrated), the card vault with its key
// kept outside the database, the clock and the throttle (counted in Redis when REDIS_URL is set, so
// all relay processes share it; in this process otherwise). Used by the process and by tests.

import type { Config } from '../process/config.js';
import type { RelayContext } from './context.js';
import { CardVault } from '../crypto/card-vault.js';
import { loadCardKey } from '../crypto/keys.js';
import { systemClock, type Clock } from '../domain/clock.js';
import { LookupCache } from '../http/lookup-cache.js';
import { InProcessThrottle, type Throttle } from '../http/throttle.js';
import { RedisThrottle } from '../http/redis-throttle.js';
import { openStore } from '../storage/index.js';
import type { Store } from '../storage/store.js';
import { relayJobs } from '../jobs/kinds.js';
import { JobRunner } from '../jobs/runner.js';

export async function createContext(config: Config, options: { clock?: Clock; store?: Store } = {}): Promise<RelayContext> {
  const clock = options.clock ?? systemClock;
  const store = options.store ?? (await openStore(config));
  await store.migrate();
  const ctx: Omit<RelayContext, 'jobs'> & { jobs?: JobRunner } = {
    config,
    store,
    clock,
    vault: new CardVault(loadCardKey(config)),
    throttle: await throttleFor(config, clock),
    lookups: new LookupCache(store, clock),
  };
  // The runner's handlers work on the context they belong to; it is started by the process.
  const full = ctx as RelayContext;
  const { handlers, periodic } = relayJobs(full);
  full.jobs = new JobRunner({ store, clock, owner: config.relayId, config: config.jobs, handlers, periodic });
  return full;
}

async function throttleFor(config: Config, clock: Clock): Promise<Throttle> {
  const windowMs = config.throttle.windowMs;
  if (!config.redisUrl) return new InProcessThrottle(clock, windowMs);
  return RedisThrottle.connect(clock, { url: config.redisUrl, prefix: config.redisPrefix, windowMs });
}
