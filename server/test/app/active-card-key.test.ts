// Right after a rotation, relays read the newly active key at different moments (every few seconds):
// one already seals with the new key while another has not read it yet. The other must open those
// values at once from its key files, not fail them until its next refresh.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ActiveCardKey } from '../../src/app/active-card-key.js';
import { CardVault } from '../../src/crypto/card-vault.js';
import { addKeyFile, loadKeyring } from '../../src/crypto/keyring.js';
import { loadCardKey } from '../../src/crypto/keys.js';
import { openStore } from '../../src/storage/index.js';
import type { Store } from '../../src/storage/store.js';

const CARD = '4200000000000000';

describe('a relay that has not read the rotation yet', () => {
  let dataDir: string;
  let store: Store;
  afterEach(async () => {
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens a value another relay sealed with the new key by reading its key files, and still refuses a key on no file', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pw-active-key-'));
    const config = { cardKeyHex: '', cardKeysText: '', dataDir };
    store = await openStore({ dataDir, databaseUrl: '' });
    await store.migrate(); // k0, the original key, is active
    loadCardKey(config); // writes DATA_DIR/card-key, the original key
    const lagging = new CardVault(loadKeyring(config));
    const watcher = new ActiveCardKey(store, lagging, () => loadKeyring(config), loadKeyring(config));
    expect(await watcher.refresh()).toBe(true);

    // The rotation, as `keys rotate` makes it on this host, read first by another relay.
    addKeyFile(dataDir, 'k1');
    await store.cardKeys.activate('k1', 2);
    const first = new CardVault(loadKeyring(config), 'k1');
    const sealed = first.seal(CARD);

    expect(lagging.holds('k1')).toBe(false);
    expect(lagging.open(sealed)).toBe(CARD);
    expect(lagging.holds('k1')).toBe(true);
    // Sealing waits for the refresh: the database, not a key file, says which key is active.
    expect(lagging.activeKeyId).toBe('k0');

    const elsewhere = new CardVault(new Map([['k7', Buffer.alloc(32, 7)]]), 'k7');
    expect(() => lagging.open(elsewhere.seal(CARD))).toThrow(/card key k7, which this relay does not hold/);
  });
});
