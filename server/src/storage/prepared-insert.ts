// Inserts compiled once. Kysely builds a query tree and compiles it to SQL on every call; for a
// payment row that costs several times SQLite's own insert, on the path every payment takes. A
// row mapped by rows.ts always has the same columns in the same order, so its SQL is the same
// each time: it is compiled on the first row and reused, with only the parameters taken anew. The
// same text runs on either dialect, alone or inside a transaction.

import type { CompiledQuery, Insertable, Kysely, Transaction } from 'kysely';
import { StatementText } from './prepared-query.js';
import type { Database } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** One column list and its compiled insert. */
interface CompiledInsert {
  readonly columns: readonly string[];
  readonly text: StatementText;
}

export class PreparedInsert<T extends keyof Database & string> {
  readonly #db: Kysely<Database>;
  readonly #table: T;
  /** Compiled SQL by column list: one entry for rows made by one mapping. */
  readonly #shapes = new Map<string, CompiledInsert>();
  /** The shape of the last row, checked first: a table's rows come from one mapping. */
  #last: CompiledInsert | undefined;

  constructor(db: Kysely<Database>, table: T) {
    this.#db = db;
    this.#table = table;
  }

  run(executor: Executor, row: Insertable<Database[T]>): Promise<unknown> {
    return executor.executeQuery(this.compile(row));
  }

  /** The insert of `row` as a compiled query, to run now or in a group (group-commit.ts). */
  compile(row: Insertable<Database[T]>): CompiledQuery {
    // Kysely leaves undefined values out of an insert; so does this, to write the same row. The
    // columns are compared with the last row's as they are read, without a list or key made per row.
    const parameters: unknown[] = [];
    const last = this.#last;
    let same = last !== undefined;
    for (const column in row) {
      const value = row[column as keyof typeof row];
      if (value === undefined) continue;
      if (same && last?.columns[parameters.length] !== column) same = false;
      parameters.push(value);
    }
    const shape = same && last?.columns.length === parameters.length ? last : this.#shapeOf(row);
    return shape.text.with(parameters);
  }

  #shapeOf(row: Insertable<Database[T]>): CompiledInsert {
    const columns = Object.keys(row).filter((column) => row[column as keyof typeof row] !== undefined);
    const key = columns.join(',');
    let shape = this.#shapes.get(key);
    if (shape === undefined) {
      shape = { columns, text: new StatementText(this.#db.insertInto(this.#table).values(row).compile().sql) };
      this.#shapes.set(key, shape);
    }
    this.#last = shape;
    return shape;
  }
}
