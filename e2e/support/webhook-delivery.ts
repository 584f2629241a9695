// Sends a relay's pending webhook deliveries from the test, for a relay started with its jobs
// runner off (JOBS=off): a notification is then held back until the test lets it go. The relay's
// own delivery code does the sending, on the relay's store and with its key, exactly as the
// runner would: sealed with the endpoint's secret, over HTTP, the attempt recorded.

import { join } from 'node:path';
import { CardVault } from '../../server/src/crypto/card-vault.js';
import { loadCardKey } from '../../server/src/crypto/keys.js';
import { systemClock } from '../../server/src/domain/clock.js';
import { defaultConfig } from '../../server/src/config/config.js';
import { openSqliteStore, SQLITE_FILE } from '../../server/src/storage/index.js';
import { Webhooks } from '../../server/src/webhooks/service.js';
import { withStore } from './relay-store.js';

/** Sends every pending delivery of the relay in `dataDir` once; answers how many there were. */
export async function deliverPending(dataDir: string): Promise<number> {
  const ids = withStore(dataDir, (db) => (db.prepare("select id from webhook_deliveries where state = 'pending' order by created_at").all() as { id: string }[]).map((r) => r.id));
  const store = await openSqliteStore(join(dataDir, SQLITE_FILE));
  const webhooks = new Webhooks({ store, vault: new CardVault(loadCardKey({ cardKeyHex: '', dataDir })), clock: systemClock, config: { ...defaultConfig, dataDir, relayId: 'e2e' } });
  try {
    for (const id of ids) await webhooks.deliver(id);
  } finally {
    await webhooks.close();
    await store.close();
  }
  return ids.length;
}
