// Builds the relay's dependencies from a Config: the store (migrated, and watched for outages), the
// card vault with its key kept outside the database, the clock, the throttle, the readiness checks
// and the closers. Used by the process and by tests.

import type { Config } from '../process/config.js';
import type { RelayContext } from './context.js';
import { CardVault } from '../crypto/card-vault.js';
import { loadCardKey } from '../crypto/keys.js';
import { systemClock, type Clock } from '../domain/clock.js';
import { LookupCache } from '../http/lookup-cache.js';
import { Throttle } from '../http/throttle.js';
import { openStore } from '../storage/index.js';
import type { Store } from '../storage/store.js';
import { DatabaseStatus, watchStore } from './database-status.js';
import { storeReadiness } from './readiness.js';

export async function createContext(config: Config, options: { clock?: Clock; store?: Store } = {}): Promise<RelayContext> {
  const clock = options.clock ?? systemClock;
  const opened = options.store ?? (await openStore(config));
  await opened.migrate();
  const database = new DatabaseStatus();
  const store = watchStore(opened, database);
  const ctx: RelayContext = {
    config,
    store,
    clock,
    vault: new CardVault(loadCardKey(config)),
    throttle: new Throttle(clock, config.throttle.windowMs),
    lookups: new LookupCache(store, clock),
    database,
    readiness: storeReadiness(store),
    closers: [{ name: 'store', close: () => opened.close() }],
    draining: false,
  };
  ctx.readiness.push({ name: 'accepting requests', check: async () => (ctx.draining ? 'shutting down' : true) });
  return ctx;
}
