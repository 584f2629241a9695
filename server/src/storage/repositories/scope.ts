// Where a repository runs its statements: bound to the database, or to one transaction. The same
// repository code serves both (as fastify/demo's repositories take `trx`): reads and single
// statements go to `db`; statements that must commit together go to `write`, which on the database
// is the group commit (one transaction per event-loop turn, group-commit.ts) and inside a
// transaction runs them in order on it.

import type { CompiledQuery, Kysely } from 'kysely';
import type { BatchReader } from '../group-commit.js';
import type { PreparedInsert } from '../prepared-insert.js';
import type { Database } from '../schema.js';
import type { WebhookStatements } from '../webhooks.js';

export type Dialect = 'sqlite' | 'postgres';

/** Statements compiled once per store and shared by every scope of it (prepared-insert.ts, prepared-query.ts). */
export interface PreparedStatements {
  readonly payments: PreparedInsert<'payments'>;
  readonly registrations: PreparedInsert<'registrations'>;
  readonly checkouts: PreparedInsert<'checkouts'>;
  readonly simulatorAuthorizations: PreparedInsert<'simulator_authorizations'>;
  readonly webhooks: WebhookStatements;
}

export interface Scope {
  readonly dialect: Dialect;
  /** The database, or the transaction the scope is bound to (a Transaction is a Kysely). */
  readonly db: Kysely<Database>;
  /** True when bound to a transaction: statements that need one run on it as they are. */
  readonly inTransaction: boolean;
  /**
   * Runs statements that must commit together (guards and followers checked, followers.ts) and
   * answers the rows each changed: the group commit on the database, in order in a transaction.
   */
  write(statements: readonly CompiledQuery[]): Promise<number[]>;
  /** Reads asked together: one round trip on PostgreSQL when bound to the database. */
  readonly readTogether: BatchReader;
  readonly prepared: PreparedStatements;
}

/** Runs `work` in a transaction of its own, or in the scope's when it has one. */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
