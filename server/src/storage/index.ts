// Opening a store: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL says so.
// Opening does not migrate; callers run store.migrate() once at start-up.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
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

export async function openStore(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'databaseConnectTimeoutMs' | 'databaseQueryTimeoutMs'>>,
): Promise<Store> {
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
