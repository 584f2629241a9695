// Inserts compiled once. Kysely builds a query tree and compiles it to SQL on every call; for a
// payment row that costs several times SQLite's own insert, on the path every payment takes. A
// row mapped by rows.ts always has the same columns in the same order, so its SQL is the same
// each time: it is compiled on the first row and reused, with only the parameters taken anew. The
// same text runs on either dialect, alone or inside a transaction.

import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export class PreparedInsert<T extends keyof Database & string> {
  readonly #db: Kysely<Database>;
  readonly #table: T;
  /** Compiled SQL by column list: one entry for rows made by one mapping. */
  readonly #compiled = new Map<string, string>();

  constructor(db: Kysely<Database>, table: T) {
    this.#db = db;
    this.#table = table;
  }

  run(executor: Executor, row: Insertable<Database[T]>): Promise<unknown> {
    return executor.executeQuery(this.compile(row));
  }

  /** The insert of `row` as a compiled query, to run now or in a group (group-commit.ts). */
  compile(row: Insertable<Database[T]>): CompiledQuery {
    // Kysely leaves undefined values out of an insert; so does this, to write the same row.
    const columns: string[] = [];
    const parameters: unknown[] = [];
    for (const [column, value] of Object.entries(row)) {
      if (value === undefined) continue;
      columns.push(column);
      parameters.push(value);
    }
    const key = columns.join(',');
    let sql = this.#compiled.get(key);
    if (sql === undefined) {
      sql = this.#db.insertInto(this.#table).values(row).compile().sql;
      this.#compiled.set(key, sql);
    }
    return CompiledQuery.raw(sql, parameters);
  }
}
