// The Store on Kysely: one set of repositories for SQLite and PostgreSQL, bound to the database or
// to one transaction. The dialect-specific parts (connection, pragmas, pool, BEGIN IMMEDIATE, the
// group commit's writers) live in sqlite.ts and postgres.ts.

import { sql, type CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { executeFollowing } from './followers.js';
import { GroupCommit, type BatchReader } from './group-commit.js';
import { migrateToLatest, pendingMigrations } from './migrate.js';
import { poolUseOf, postgresBatch, type PoolUse } from './postgres.js';
import { PreparedInsert } from './prepared-insert.js';
import { repositoriesOf, type Repositories } from './repositories/index.js';
import type { Dialect, PreparedStatements, Scope } from './repositories/scope.js';
import type { Database } from './schema.js';
import { sqliteBatchWriter } from './sqlite.js';
import type { Store, StoreTransaction } from './store.js';
import { WebhookStatements } from './webhooks.js';

/** The repositories of `scope`, with its writer. */
function bound(scope: Scope): Repositories & { writeTogether(statements: readonly CompiledQuery[]): Promise<void> } {
  return { ...repositoriesOf(scope), writeTogether: (statements) => scope.write(statements).then(() => undefined) };
}

/** A transaction's scope: statements run one after the other on it, followers and guards checked. */
function transactionScope(trx: Transaction<Database>, dialect: Dialect, prepared: PreparedStatements): Scope {
  return {
    dialect,
    db: trx,
    inTransaction: true,
    prepared,
    write: async (statements) => {
      const changed: number[] = [];
      for (const statement of statements) changed.push(await executeFollowing(trx, statement));
      return changed;
    },
    readTogether: (queries) => Promise.all(queries.map(async (q) => (await trx.executeQuery(q)).rows)),
  };
}

export class KyselyStore implements Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly merchants: Repositories['merchants'];
  readonly entities: Repositories['entities'];
  readonly payments: Repositories['payments'];
  readonly registrations: Repositories['registrations'];
  readonly checkouts: Repositories['checkouts'];
  readonly idempotency: Repositories['idempotency'];
  readonly jobs: Repositories['jobs'];
  readonly webhooks: Repositories['webhooks'];
  readonly schedules: Repositories['schedules'];
  readonly simulatorJournal: Repositories['simulatorJournal'];
  readonly reports: Repositories['reports'];
  readonly quotes: Repositories['quotes'];
  readonly settlement: Repositories['settlement'];
  readonly users: Repositories['users'];
  readonly audit: Repositories['audit'];
  readonly accessTokens: Repositories['accessTokens'];
  readonly sessions: Repositories['sessions'];
  readonly merchantSettings: Repositories['merchantSettings'];
  readonly signInFailures: Repositories['signInFailures'];
  readonly paymentSearch: Repositories['paymentSearch'];
  readonly chargebacks: Repositories['chargebacks'];
  readonly home: Repositories['home'];
  readonly cardKeys: Repositories['cardKeys'];
  readonly sealedValues: Repositories['sealedValues'];
  readonly #db: Kysely<Database>;
  /** PostgreSQL schema holding the tables, when not the default one (tests). */
  readonly #schema: string | undefined;
  /** Inserts of one event-loop turn share a transaction: one commit on SQLite, one round trip on PostgreSQL. */
  readonly #groupCommit: GroupCommit;
  /** The statements every payment, checkout and event makes, compiled once and shared by every scope. */
  readonly #prepared: PreparedStatements;
  readonly #writeTogether: (statements: readonly CompiledQuery[]) => Promise<void>;

  constructor(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', schema?: string) {
    this.#db = db;
    this.dialect = dialect;
    this.#schema = schema;
    this.#groupCommit = new GroupCommit(dialect === 'sqlite' ? sqliteBatchWriter(db) : postgresBatch(db).write);
    /** Reads that one answer needs, asked together: one round trip on PostgreSQL. */
    let readTogether: BatchReader;
    if (dialect === 'postgres') {
      // Reads of one turn (concurrent charges, creations) share one round trip.
      const reads = new GroupCommit<unknown[]>(postgresBatch(db).read);
      readTogether = (queries) => reads.run(...queries);
    } else {
      // SQLite runs in this process: reads one after the other cost no round trip.
      readTogether = (queries) => Promise.all(queries.map(async (q) => (await db.executeQuery(q)).rows));
    }
    this.#prepared = {
      payments: new PreparedInsert(db, 'payments'),
      registrations: new PreparedInsert(db, 'registrations'),
      checkouts: new PreparedInsert(db, 'checkouts'),
      simulatorAuthorizations: new PreparedInsert(db, 'simulator_authorizations'),
      webhooks: new WebhookStatements(db, dialect),
    };
    // Statements that must commit together (an insert, its claim's answer, the jobs it queues) go
    // in one transaction, shared with the other writers of the same event-loop turn.
    const repositories = bound({ dialect, db, inTransaction: false, prepared: this.#prepared, write: (statements) => this.#groupCommit.run(...statements), readTogether });
    this.merchants = repositories.merchants;
    this.entities = repositories.entities;
    this.payments = repositories.payments;
    this.registrations = repositories.registrations;
    this.checkouts = repositories.checkouts;
    this.idempotency = repositories.idempotency;
    this.jobs = repositories.jobs;
    this.webhooks = repositories.webhooks;
    this.schedules = repositories.schedules;
    this.simulatorJournal = repositories.simulatorJournal;
    this.reports = repositories.reports;
    this.quotes = repositories.quotes;
    this.settlement = repositories.settlement;
    this.users = repositories.users;
    this.audit = repositories.audit;
    this.accessTokens = repositories.accessTokens;
    this.sessions = repositories.sessions;
    this.merchantSettings = repositories.merchantSettings;
    this.signInFailures = repositories.signInFailures;
    this.paymentSearch = repositories.paymentSearch;
    this.chargebacks = repositories.chargebacks;
    this.home = repositories.home;
    this.cardKeys = repositories.cardKeys;
    this.sealedValues = repositories.sealedValues;
    this.#writeTogether = repositories.writeTogether;
  }

  writeTogether(statements: readonly CompiledQuery[]): Promise<void> {
    return this.#writeTogether(statements);
  }

  /**
   * Runs `work` in one transaction, committed when it returns and rolled back when it throws:
   * either everything it wrote is there, or nothing.
   */
  async transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    const trx = await this.#db.startTransaction().execute();
    try {
      const result = await work(bound(transactionScope(trx, this.dialect, this.#prepared)));
      await trx.commit().execute();
      return result;
    } catch (err) {
      // Kysely releases the connection even when the rollback fails; the first error is the news.
      if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
      throw err;
    }
  }

  async migrate(): Promise<void> {
    await migrateToLatest(this.#db, await this.#migrationSchema());
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.#db);
  }

  async pendingMigrations(): Promise<string[]> {
    return pendingMigrations(this.#db, await this.#migrationSchema());
  }

  async #migrationSchema(): Promise<string | undefined> {
    return this.dialect === 'postgres' ? (this.#schema ?? (await this.#currentSchema())) : undefined;
  }

  /**
   * Kysely's Migrator looks for its table in every schema unless told which one; another schema's
   * schema_migrations (a test run, another deployment) must not count as ours.
   */
  async #currentSchema(): Promise<string> {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(this.#db);
    const schema = rows[0]?.schema;
    if (!schema) throw new Error('PostgreSQL search_path names no existing schema to create the tables in');
    return schema;
  }

  poolUse(): PoolUse | undefined {
    return poolUseOf(this.#db);
  }

  close(): Promise<void> {
    return this.#db.destroy();
  }
}
