// The SQLite side: one better-sqlite3 connection per file, statements prepared once, write
// transactions that start with BEGIN IMMEDIATE, and writes answered only once the WAL holding them
// is on disk (wal-sync.ts).
//
// Kysely's SqliteDriver serializes every query and transaction of one process on its single
// connection (a mutex held for the whole transaction), so async callers never interleave inside a
// transaction. BEGIN IMMEDIATE takes the write lock up front, so a second process on the same file
// (the CLI next to a running relay) waits for busy_timeout instead of failing on a lock upgrade.
//
// One process must open a file once: better-sqlite3 waits for a lock synchronously, so two
// connections of one process blocking each other would stall the event loop until busy_timeout.
// The one other connection, the checkpoint thread's (wal-checkpointer.ts), takes no lock that
// this one waits for: a PASSIVE checkpoint never holds the write lock, and the writer rewinds the
// WAL only when it can do so without waiting.

import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';
import { registerArrayReader } from './array-rows.js';
import type { BatchWriter } from './group-commit.js';
import { runFollowing } from './followers.js';
import type { Database } from './schema.js';
import { WalSync, type Durability } from './wal-sync.js';
import { checkpointInWorker, type WalCheckpointer } from './wal-checkpointer.js';

/** How long a writer waits for another process's write lock, milliseconds. */
export const BUSY_TIMEOUT_MS = 5_000;
/** Distinct query texts kept prepared; our queries have far fewer shapes than this. */
const STATEMENT_CACHE_SIZE = 256;

/** Set by the statement cache when a statement that writes runs; read once the connection is free. */
class WriteMark {
  #wrote = false;
  set(): void {
    this.#wrote = true;
  }
  take(): boolean {
    const wrote = this.#wrote;
    this.#wrote = false;
    return wrote;
  }
}

class DurableSqliteDriver extends SqliteDriver {
  readonly #wal: Durability;
  readonly #writes: WriteMark;
  readonly #checkpointer: WalCheckpointer | undefined;

  constructor(database: SqliteDatabase, wal: Durability, writes: WriteMark, checkpointer: WalCheckpointer | undefined) {
    super({ database });
    this.#wal = wal;
    this.#writes = writes;
    this.#checkpointer = checkpointer;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * The connection goes back first, so other queries run while the WAL is synced; the caller (a
   * single statement or a whole transaction) gets its result only once its writes are durable.
   */
  override async releaseConnection(): Promise<void> {
    const wrote = this.#writes.take();
    await super.releaseConnection();
    if (wrote) await this.#wal.sync();
  }

  override async destroy(): Promise<void> {
    await this.#wal.close();
    // The thread's connection first: the last connection to close checkpoints and removes the WAL.
    await this.#checkpointer?.stop();
    await super.destroy();
  }
}

class DurableSqliteDialect extends SqliteDialect {
  readonly #create: () => Driver;
  constructor(database: SqliteDatabase, wal: Durability, writes: WriteMark, checkpointer: WalCheckpointer | undefined) {
    super({ database });
    this.#create = () => new DurableSqliteDriver(database, wal, writes, checkpointer);
  }
  override createDriver(): Driver {
    return this.#create();
  }
}

/**
 * Kysely's SQLite connection calls prepare() for every query; this cache hands back the statement
 * prepared the first time a query text was seen, so the hot paths skip SQLite's parser.
 */
function withStatementCache(db: BetterSqlite3.Database, writes: WriteMark): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare: (text: string) => {
      // Kysely prepares right before it runs, so this is where a write is seen. BEGIN, COMMIT and
      // ROLLBACK count as read-only; the statements between them mark the transaction.
      const cached = cache.get(text);
      if (cached) {
        if (!cached.readonly) writes.set();
        return cached;
      }
      const statement = db.prepare(text);
      if (!statement.readonly) writes.set();
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** The batch writer of each database opened here, for its group commit (sqliteBatchWriter). */
const batchWriters = new WeakMap<Kysely<Database>, BatchWriter>();

/**
 * A group commit's writer for a database opened by openSqliteDb: the whole group runs as one
 * synchronous better-sqlite3 transaction (BEGIN IMMEDIATE … COMMIT) on the connection Kysely lends,
 * so no other query interleaves, and returns once the WAL holding it is synced, as every write
 * through the driver does. Kysely's own transaction costs a promise and a result per statement.
 */
export function sqliteBatchWriter(db: Kysely<Database>): BatchWriter {
  const writer = batchWriters.get(db);
  if (!writer) throw new Error('an SQLite store needs a database opened by openSqliteDb');
  return writer;
}

/** `durability` replaces the WAL sync in tests that watch when writes are acknowledged. */
export function openSqliteDb(file: string, durability: Durability = new WalSync(file)): Kysely<Database> {
  const db = new BetterSqlite3(file);
  // WAL: readers never block the writer. synchronous=NORMAL: SQLite does not sync on commit;
  // WalSync does, off the event loop, before the write is acknowledged (see wal-sync.ts), so a 2xx
  // still survives a power cut (F2), not only a crash of the process.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const writes = new WriteMark();
  const statements = withStatementCache(db, writes);
  // Checkpoints run on a thread of their own (wal-checkpointer.ts); an in-memory database has no WAL.
  const checkpointer = file === ':memory:' || file === '' ? undefined : checkpointInWorker(db, file, { busyTimeoutMs: BUSY_TIMEOUT_MS });
  const kysely = new Kysely<Database>({ dialect: new DurableSqliteDialect(statements, durability, writes, checkpointer) });
  const run = (query: CompiledQuery): number => Number(statements.prepare(query.sql).run(query.parameters as unknown[]).changes);
  // A guarded statement that changes no row throws, and the whole batch rolls back; a statement's
  // followers run only when it changed one (followers.ts).
  const inOneTransaction = db.transaction((batch: readonly CompiledQuery[]) => batch.map((query) => runFollowing(query, run)));
  batchWriters.set(kysely, (batch) => kysely.connection().execute(async () => inOneTransaction.immediate(batch)));
  // Statements of their own: raw mode stays set on a statement, and Kysely's must keep giving objects.
  const rawStatements = new Map<string, BetterSqlite3.Statement>();
  registerArrayReader(kysely, (query) =>
    kysely.connection().execute(async () => {
      let statement = rawStatements.get(query.sql);
      if (!statement) {
        statement = db.prepare(query.sql);
        if (!statement.readonly) throw new Error('rows as arrays are for reads only');
        statement.raw(true);
        if (rawStatements.size >= STATEMENT_CACHE_SIZE) rawStatements.clear();
        rawStatements.set(query.sql, statement);
      }
      return statement.all(query.parameters as unknown[]) as unknown[][];
    }),
  );
  return kysely;
}
