// Builds the relay's dependencies from a Config: the store (migrated), the card vault with its key
// kept outside the database, the clock and the throttle. Used by the process and by tests.

import type { Config } from '../process/config.js';
import type { RelayContext } from './context.js';
import { CardVault } from '../crypto/card-vault.js';
import { loadCardKey } from '../crypto/keys.js';
import { systemClock, type Clock } from '../domain/clock.js';
import { LookupCache } from '../http/lookup-cache.js';
import { Throttle } from '../http/throttle.js';
import { openStore } from '../storage/index.js';
import { sealPlainWebhookSecrets } from '../merchants/bootstrap.js';
import type { Store } from '../storage/store.js';

export async function createContext(config: Config, options: { clock?: Clock; store?: Store } = {}): Promise<RelayContext> {
  const clock = options.clock ?? systemClock;
  const store = options.store ?? (await openStore(config));
  await store.migrate();
  const vault = new CardVault(loadCardKey(config));
  // A store from before webhook secrets were sealed: seal them now, before anything is served.
  await sealPlainWebhookSecrets(store, vault);
  return {
    config,
    store,
    clock,
    vault,
    throttle: new Throttle(clock, config.throttle.windowMs),
    lookups: new LookupCache(store, clock),
  };
}
