// The SQLite side: one better-sqlite3 connection per file, durable pragmas, statements prepared
// once, and write transactions that start with BEGIN IMMEDIATE.
//
// Kysely's SqliteDriver serializes every query and transaction of one process on its single
// connection (a mutex held for the whole transaction), so async callers never interleave inside a
// transaction. BEGIN IMMEDIATE takes the write lock up front, so a second process on the same file
// (the CLI next to a running relay) waits for busy_timeout instead of failing on a lock upgrade.
//
// One process must open a file once: better-sqlite3 waits for a lock synchronously, so two
// connections of one process blocking each other would stall the event loop until busy_timeout.

import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type { Database } from './schema.js';

/** How long a writer waits for another process's write lock, milliseconds. */
const BUSY_TIMEOUT_MS = 5_000;
/** Distinct query texts kept prepared; our queries have far fewer shapes than this. */
const STATEMENT_CACHE_SIZE = 256;

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

/**
 * Kysely's SQLite connection calls prepare() for every query; this cache hands back the statement
 * prepared the first time a query text was seen, so the hot paths skip SQLite's parser.
 */
function withStatementCache(db: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare: (text: string) => {
      const cached = cache.get(text);
      if (cached) return cached;
      const statement = db.prepare(text);
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

export function openSqliteDb(file: string): Kysely<Database> {
  const db = new BetterSqlite3(file);
  // WAL: readers never block the writer. synchronous=FULL: a commit reaches the disk before it
  // is acknowledged, so a 2xx survives a power cut (F2), not only a crash of the process.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect(withStatementCache(db)) });
}
