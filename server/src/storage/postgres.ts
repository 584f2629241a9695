// The PostgreSQL side: a `pg` pool shared by every request of the relay. Each guarded change is one
// conditional UPDATE, atomic under READ COMMITTED (a concurrent UPDATE of the same row waits for
// the row lock and re-checks the WHERE clause against the committed row), so no stronger isolation
// is needed.

import pg from 'pg';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { registerArrayReader } from './array-rows.js';
import type { BatchReader, BatchWriter } from './group-commit.js';
import { connectionFailureOf } from './outage.js';
import { readBatch, runBatch } from './pg-batch.js';
import type { Database } from './schema.js';

/** Connections per relay process; measured ~4.3k ops/s at 16 (docs/architecture.md, "Few round trips on PostgreSQL"). */
const POOL_MAX = 16;
const INT8_OID = 20;

/**
 * BIGINT columns (amounts, epoch ms, counts) arrive as numbers, like on SQLite. Values beyond 2^53
 * cannot be minor units or times we wrote, so they fail loudly instead of rounding.
 */
function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint ${text} exceeds the safe integer range`);
  return n;
}

const types: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format),
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresOptions {
  /** Tables live in this schema (created by the migrations) instead of the default search path. */
  schema?: string;
  /** Longest wait for a connection (new or from the pool), ms. */
  connectTimeoutMs?: number;
  /** Longest wait for a query's answer, ms. */
  queryTimeoutMs?: number;
}

/** Without bounds pg waits forever on a server that stopped answering: requests would hang, not fail. */
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_QUERY_TIMEOUT_MS = 15_000;

/** The batch writer and reader of each database opened here (postgresBatch). */
const batches = new WeakMap<Kysely<Database>, { write: BatchWriter; read: BatchReader }>();

/** Connections of a pool, as the metrics report them (docs/metrics.md). */
export interface PoolUse {
  /** Open connections, idle or lent out. */
  total: number;
  idle: number;
  /** Callers waiting for a connection: the pool is exhausted while this is above 0. */
  waiting: number;
  max: number;
}

/** The pool of each database opened here, for poolUseOf. */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The connections of a database opened by openPostgresDb; undefined for any other. */
export function poolUseOf(db: Kysely<Database>): PoolUse | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX };
}

/**
 * A database opened by openPostgresDb, by whole batches: a group commit's writer (one round trip and
 * one transaction per group) and reads asked in one round trip (pg-batch.ts).
 */
export function postgresBatch(db: Kysely<Database>): { write: BatchWriter; read: BatchReader } {
  const batch = batches.get(db);
  if (!batch) throw new Error('a PostgreSQL store needs a database opened by openPostgresDb');
  return batch;
}

const rethrowAsConnectionFailure = (error: unknown): never => {
  throw connectionFailureOf(error);
};

/**
 * The pool as Kysely takes it, its driver's own errors (a connection lost, or not opened in time)
 * told from the server's (outage.ts): each connection's queries, and the wait for a connection.
 */
function kyselyPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect().catch(rethrowAsConnectionFailure);
      const query = (sql: string, parameters: readonly unknown[]) => client.query(sql, parameters as unknown[]).catch(rethrowAsConnectionFailure);
      // Kysely queries through a cursor only when its dialect is given one, and this one is not.
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

export function openPostgresDb(url: string, opts: PostgresOptions = {}): Kysely<Database> {
  if (opts.schema !== undefined && !SCHEMA_NAME.test(opts.schema)) {
    throw new Error(`schema must match ${SCHEMA_NAME.source}, got ${JSON.stringify(opts.schema)}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    types,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    query_timeout: opts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    // Notices a peer that vanished without closing (a cut network) on idle pooled connections.
    keepAlive: true,
    // search_path per connection: every query and migration uses unqualified names.
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  // An idle client that loses its connection is dropped by the pool; without a listener the
  // 'error' event would crash the process. The next query opens a new connection or fails loudly.
  pool.on('error', () => undefined);
  // The pool listens only to idle clients; one lent out (to a transaction between two statements,
  // or after its query timed out) whose socket dies would emit 'error' with no listener and crash
  // the relay. Its query, or its next one, fails instead, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(pool) }) });
  pools.set(db, pool);
  batches.set(db, { write: (batch) => runBatch(pool, batch), read: (reads) => readBatch(pool, reads) });
  registerArrayReader(
    db,
    async (query) => (await pool.query<unknown[]>({ text: query.sql, values: query.parameters as unknown[], rowMode: 'array' }).catch(rethrowAsConnectionFailure)).rows,
  );
  return db;
}
