// Queries compiled once, like PreparedInsert, for statements whose shape never changes but whose
// values do (the reads and writes of every webhook event and delivery). Kysely builds and compiles
// a query on every call, which costs more than SQLite running it. Here the query is built once with
// a sentinel in place of each named value; each use copies the compiled parameters with the
// sentinels replaced by that use's values. The same text runs on either dialect.

import { CompiledQuery, createQueryId, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * One statement's text as a compiled query, made once; each use takes its own parameters.
 * Kysely's CompiledQuery.raw makes and freezes a new query node and a copy of the parameters on
 * every call, which on the path of every payment cost more than the statement's other work here.
 * The parameters are the caller's, never changed after.
 */
export class StatementText {
  readonly #template: CompiledQuery;

  constructor(sql: string) {
    this.#template = CompiledQuery.raw(sql);
  }

  with(parameters: readonly unknown[]): CompiledQuery {
    return { sql: this.#template.sql, query: this.#template.query, parameters, queryId: createQueryId() };
  }
}

/** Stand-ins for the values of one use; typed `never` so that they fit wherever a value goes. */
export type Placeholders<Name extends string> = Readonly<Record<Name, never>>;

export class PreparedQuery<Name extends string> {
  readonly #db: Kysely<Database>;
  readonly #names: readonly Name[];
  readonly #build: (db: Kysely<Database>, value: Placeholders<Name>) => Compilable;
  #compiled: { text: StatementText; parameters: readonly unknown[]; named: readonly (Name | undefined)[] } | undefined;

  constructor(db: Kysely<Database>, names: readonly Name[], build: (db: Kysely<Database>, value: Placeholders<Name>) => Compilable) {
    this.#db = db;
    this.#names = names;
    this.#build = build;
  }

  compile(values: Readonly<Record<Name, unknown>>): CompiledQuery {
    const compiled = (this.#compiled ??= this.#compileOnce());
    const parameters: unknown[] = [];
    for (let i = 0; i < compiled.parameters.length; i++) {
      const name = compiled.named[i];
      parameters.push(name === undefined ? compiled.parameters[i] : values[name]);
    }
    return compiled.text.with(parameters);
  }

  #compileOnce(): { text: StatementText; parameters: readonly unknown[]; named: readonly (Name | undefined)[] } {
    const sentinels = Object.fromEntries(this.#names.map((n) => [n, `\u0000prepared:${n}\u0000`])) as Placeholders<Name>;
    const { sql, parameters } = this.#build(this.#db, sentinels).compile();
    const named = parameters.map((p) => this.#names.find((n) => sentinels[n] === p));
    const unused = this.#names.filter((n) => !named.includes(n));
    if (unused.length > 0) throw new Error(`a prepared query does not use ${unused.join(', ')}`);
    return { text: new StatementText(sql), parameters, named };
  }
}
