// Queries compiled once, like PreparedInsert, for statements whose shape never changes but whose
// values do (the reads and writes of every webhook event and delivery). Kysely builds and compiles
// a query on every call, which costs more than SQLite running it. Here the query is built once with
// a sentinel in place of each named value; each use copies the compiled parameters with the
// sentinels replaced by that use's values. The same text runs on either dialect.

import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Stand-ins for the values of one use; typed `never` so that they fit wherever a value goes. */
export type Placeholders<Name extends string> = Readonly<Record<Name, never>>;

export class PreparedQuery<Name extends string> {
  readonly #db: Kysely<Database>;
  readonly #names: readonly Name[];
  readonly #build: (db: Kysely<Database>, value: Placeholders<Name>) => Compilable;
  #compiled: { sql: string; parameters: readonly unknown[]; named: readonly (Name | undefined)[] } | undefined;

  constructor(db: Kysely<Database>, names: readonly Name[], build: (db: Kysely<Database>, value: Placeholders<Name>) => Compilable) {
    this.#db = db;
    this.#names = names;
    this.#build = build;
  }

  compile(values: Readonly<Record<Name, unknown>>): CompiledQuery {
    const compiled = (this.#compiled ??= this.#compileOnce());
    return CompiledQuery.raw(
      compiled.sql,
      compiled.parameters.map((fixed, i) => {
        const name = compiled.named[i];
        return name === undefined ? fixed : values[name];
      }),
    );
  }

  #compileOnce(): { sql: string; parameters: readonly unknown[]; named: readonly (Name | undefined)[] } {
    const sentinels = Object.fromEntries(this.#names.map((n) => [n, `\u0000prepared:${n}\u0000`])) as Placeholders<Name>;
    const { sql, parameters } = this.#build(this.#db, sentinels).compile();
    const named = parameters.map((p) => this.#names.find((n) => sentinels[n] === p));
    const unused = this.#names.filter((n) => !named.includes(n));
    if (unused.length > 0) throw new Error(`a prepared query does not use ${unused.join(', ')}`);
    return { sql, parameters, named };
  }
}
