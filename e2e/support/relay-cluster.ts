// Several real relay processes on one store, for tests and benchmarks: a fresh PostgreSQL
// database (dropped afterwards) or one SQLite file, one shared data folder (the card key and the
// test merchant's credentials: relays on one store must share the card key), each relay on its own
// ports with its own RELAY_ID.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RelayApi } from './relay-api.js';
import { startRelay, type RelayProcess } from './relay-process.js';
import { openPostgresStore, openStore } from '../../server/src/storage/index.js';
import type { Store } from '../../server/src/storage/store.js';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL cannot be used here, or undefined. */
export async function postgresUnreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface RelayCluster {
  kind: 'postgres' | 'sqlite';
  dataDir: string;
  /** DATABASE_URL of the relays ('' on SQLite). */
  databaseUrl: string;
  relays: RelayProcess[];
  apis: RelayApi[];
  /** Starts one more relay (or a restart) on the same store. */
  start(name: string, env?: Record<string, string>): Promise<RelayProcess>;
  /** A store of the test's own on the same database. */
  openStore(): Promise<Store>;
  close(): Promise<void>;
}

export async function startCluster(kind: 'postgres' | 'sqlite', count: number, env: Record<string, string> = {}): Promise<RelayCluster> {
  const dataDir = await mkdtemp(join(tmpdir(), `paywidgets-${kind}-relays-`));
  let databaseUrl = '';
  let database: string | undefined;
  if (kind === 'postgres') {
    database = `pw_relays_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${database}`));
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const logDir = join(dataDir, 'logs');
  const relays: RelayProcess[] = [];
  const stores: Store[] = [];
  const start = async (name: string, extra: Record<string, string> = {}): Promise<RelayProcess> => {
    const relay = await startRelay({ logDir, name, dataDir, env: { DATABASE_URL: databaseUrl, RELAY_ID: name, JOBS_POLL_MS: '20', ...env, ...extra } });
    relays.push(relay);
    return relay;
  };
  const close = async (): Promise<void> => {
    for (const store of stores) await store.close().catch(() => undefined);
    for (const relay of relays) await relay.stop().catch(() => undefined);
    if (database) await admin((c) => c.query(`drop database if exists ${database} with (force)`)).catch(() => undefined);
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first creates the test merchant, the others find it.
    for (let i = 0; i < count; i++) await start(`relay-${String.fromCharCode(97 + i)}`);
  } catch (error) {
    // Nothing started here outlives a cluster that could not start.
    await close();
    throw error;
  }
  return {
    kind,
    dataDir,
    databaseUrl,
    relays,
    get apis() {
      return relays.map((r) => new RelayApi(r.url, r.credentials));
    },
    start,
    openStore: async () => {
      const store = kind === 'postgres' ? await openPostgresStore(databaseUrl) : await openStore({ dataDir, databaseUrl: '' });
      stores.push(store);
      return store;
    },
    close,
  };
}

export const CARD = {
  paymentBrand: 'VISA',
  'card.number': '4200000000000000',
  'card.holder': 'Jane Jones',
  'card.expiryMonth': '05',
  'card.expiryYear': '2034',
  'card.cvv': '123',
} as const;
