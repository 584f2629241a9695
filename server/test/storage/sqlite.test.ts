import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { openSqliteStore } from '../../src/storage/index.js';
import { openSqliteDb } from '../../src/storage/sqlite.js';
import { migrationsContract } from './contract/migrations.js';
import { storeContract } from './store.contract.js';

describe('SQLite store', () => {
  storeContract(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-store-'));
    const file = join(dir, 'relay.sqlite');
    return {
      parallelStores: false,
      open: async () => {
        const store = await openSqliteStore(file);
        await store.migrate();
        return store;
      },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  });
});

describe('SQLite migrations', () => {
  migrationsContract(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-migrate-'));
    return { db: openSqliteDb(join(dir, 'relay.sqlite')), schema: undefined, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  });
});
