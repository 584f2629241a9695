// A group commit's writer for PostgreSQL: the statements of a group go to the server as one
// simple-protocol query, which PostgreSQL runs as one implicit transaction (all of it, or none).
// Each statement sent on its own costs a round trip, and on this kind of machine the round trip,
// not the statement, is most of the cost: 10,000 single-row inserts take PostgreSQL about
// 1.7 s of CPU one by one and 0.14 s a hundred to a query (bench/pg-round-trips.ts).
//
// The simple protocol carries no parameters, so each `$n` becomes a literal: pg's own escaping for
// text, plain digits for numbers. A guarded statement (guarded-query.ts) becomes a statement that
// fails when it did not change exactly one row, so the whole group rolls back as on SQLite.

import pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { guardOf } from './guarded-query.js';

/** Marks the failure of a guarded statement in the error PostgreSQL answers with. */
const GUARD_MARK = 'paywidgets guard';

/** A parameter as an SQL literal; a value of any other kind is a programming error. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'string':
      return pg.escapeLiteral(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} to PostgreSQL`);
      // Parenthesised: a negative number after an operator must not read as `--`, a comment.
      return value < 0 ? `(${String(value)})` : String(value);
    case 'bigint':
      return value < 0n ? `(${String(value)})` : String(value);
    case 'boolean':
      return value ? 'TRUE' : 'FALSE';
    default:
      if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'::bytea`;
      throw new TypeError(`cannot write a parameter of type ${typeof value} as a literal`);
  }
}

/**
 * `sql` with each `$n` outside quoted text and identifiers replaced by the literal of parameter n.
 * Comments are not expected in compiled statements; a `--` outside quotes is refused.
 */
export function inlineParameters(sql: string, parameters: readonly unknown[]): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"') {
      // Quoted text or identifier, to its closing quote (a doubled quote stays inside).
      let j = i + 1;
      for (;;) {
        const close = sql.indexOf(c, j);
        if (close === -1) throw new Error('unterminated quote in a statement');
        if (sql[close + 1] === c) {
          j = close + 2;
          continue;
        }
        j = close + 1;
        break;
      }
      out += sql.slice(i, j);
      i = j;
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') throw new Error('a comment in a statement to inline');
    if (c === '$' && /[0-9]/.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (/[0-9]/.test(sql[j] ?? '')) j++;
      const n = Number(sql.slice(i + 1, j));
      if (n < 1 || n > parameters.length) throw new Error(`a statement names $${n} of ${parameters.length} parameters`);
      out += sqlLiteral(parameters[n - 1]);
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/**
 * A guarded statement as one that fails unless it changed exactly one row: its rows are counted
 * through RETURNING, and a count other than one is cast to an integer, an error that carries
 * the mark.
 */
function guardedStatement(statement: string, index: number): string {
  if (/\breturning\b/i.test(statement)) throw new Error('a guarded statement must not have its own RETURNING');
  return `with guarded as (${statement} returning 1) select ('${GUARD_MARK} ${index}: ' || count(*) || ' rows changed')::int from guarded having count(*) <> 1`;
}

/** The group's statements as the text of one query. */
export function batchText(batch: readonly CompiledQuery[]): string {
  return batch
    .map((query, index) => {
      const statement = inlineParameters(query.sql, query.parameters);
      return guardOf(query) ? guardedStatement(statement, index) : statement;
    })
    .join(';\n');
}

/** The error of the guard that failed in `batch`, or the database's own error. */
export function batchError(error: unknown, batch: readonly CompiledQuery[]): unknown {
  const failed = error instanceof Error ? new RegExp(`${GUARD_MARK} (\\d+):`).exec(error.message) : null;
  const query = failed ? batch[Number(failed[1])] : undefined;
  const guard = query && guardOf(query);
  return guard ? guard() : error;
}

/**
 * The rows of each read of `reads`, asked in one query: one round trip where each alone costs one.
 * They run in one implicit transaction, so they see one snapshot.
 */
export async function readBatch(pool: pg.Pool, reads: readonly CompiledQuery[]): Promise<unknown[][]> {
  if (reads.length === 0) return [];
  const text = reads.map((q) => inlineParameters(q.sql, q.parameters)).join(';\n');
  const results = (await pool.query(text)) as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(results) ? results : [results]).map((r) => r.rows as unknown[]);
}

/** Runs `batch` as one query on `pool`, in one transaction; the rows each statement changed. */
export async function runBatch(pool: pg.Pool, batch: readonly CompiledQuery[]): Promise<number[]> {
  if (batch.length === 0) return [];
  let results: pg.QueryResult | pg.QueryResult[];
  try {
    results = (await pool.query(batchText(batch))) as pg.QueryResult | pg.QueryResult[];
  } catch (error) {
    throw batchError(error, batch);
  }
  // A guarded statement answers no row when it held: it changed exactly one.
  return (Array.isArray(results) ? results : [results]).map((r, i) => (guardOf(batch[i] as CompiledQuery) ? 1 : (r.rowCount ?? 0)));
}
