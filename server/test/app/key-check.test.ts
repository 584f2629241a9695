// A relay started on a database whose values were sealed with another card key (a restore without
// the key's backup, a data folder that lost its card-key file) refuses to start with a reason,
// instead of reading payments and answering 500 for every stored card and webhook secret.

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from '../../src/app/create-context.js';
import { defaultConfig, type Config } from '../../src/config/config.js';
import { ManualClock } from '../../src/domain/clock.js';
import { CARD_KEY_FILE } from '../../src/crypto/keys.js';
import { SQLITE_FILE } from '../../src/storage/index.js';
import { backupSqliteFile } from '../../src/storage/sqlite-backup.js';
import { startTestRelay, testCard } from '../helper.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of a relay's store in a folder of its own: with its card key, or without it (a new one is made). */
async function startOnCopy(from: string, withKey: boolean): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pw-key-check-'));
  dirs.push(dataDir);
  await backupSqliteFile(join(from, SQLITE_FILE), join(dataDir, SQLITE_FILE));
  if (withKey) copyFileSync(join(from, CARD_KEY_FILE), join(dataDir, CARD_KEY_FILE));
  const config: Config = { ...defaultConfig, dataDir, publicUrl: 'http://relay.test', demoPort: 0 };
  const ctx = await createContext(config, { clock: new ManualClock(Date.UTC(2026, 10, 22, 12)) });
  return async () => {
    await ctx.jobs.stop();
    await ctx.webhooks.close();
    await ctx.throttle.close();
    await ctx.store.close();
  };
}

describe('the card key at start-up', () => {
  it('refuses a database sealed with another key, naming the key and the backup guide; starts with the right one', async () => {
    const relay = await startTestRelay();
    try {
      const registered = await relay.post('/v1/registrations', { entityId: relay.merchant.entityId, ...testCard() });
      expect(registered.statusCode).toBe(200);
      await expect(startOnCopy(relay.dataDir, false)).rejects.toThrow(/card key k0 held by this relay does not open this database's values.*docs\/backups\.md/);
      const stop = await startOnCopy(relay.dataDir, true);
      await stop();
    } finally {
      await relay.close();
    }
  });
});
