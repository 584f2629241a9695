// Opening a store: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL says so.
// Opening does not migrate; callers run store.migrate() once at start-up.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { KyselyStore } from './kysely-store.js';
import { openPostgresDb, type PostgresOptions } from './postgres.js';
import { openSqliteDb } from './sqlite.js';
import type { Store } from './store.js';

export type { Store } from './store.js';

/** File name of the embedded store inside DATA_DIR. */
export const SQLITE_FILE = 'relay.sqlite';

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export async function openSqliteStore(file: string): Promise<Store> {
  return new KyselyStore(openSqliteDb(file), 'sqlite');
}

export async function openPostgresStore(url: string, opts: PostgresOptions = {}): Promise<Store> {
  return new KyselyStore(openPostgresDb(url, opts), 'postgres', opts.schema);
}

/**
 * The settings the store is opened with, as the configuration names them (config/config.ts): storage
 * states what it reads rather than importing the relay's configuration from a layer above it.
 */
export interface StoreSettings {
  /** Folder of the SQLite file. */
  dataDir: string;
  /** postgres://… opens PostgreSQL; empty = SQLite under dataDir. */
  databaseUrl: string;
  databaseConnectTimeoutMs?: number;
  databaseQueryTimeoutMs?: number;
}

export async function openStore(config: StoreSettings): Promise<Store> {
  if (config.databaseUrl !== '') {
    if (!POSTGRES_URL.test(config.databaseUrl)) {
      // Refuse rather than silently fall back to SQLite and split the data in two places.
      throw new Error('DATABASE_URL must start with postgres:// or postgresql:// (leave it empty for SQLite under DATA_DIR)');
    }
    return openPostgresStore(config.databaseUrl, { connectTimeoutMs: config.databaseConnectTimeoutMs, queryTimeoutMs: config.databaseQueryTimeoutMs });
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  return openSqliteStore(join(config.dataDir, SQLITE_FILE));
}
