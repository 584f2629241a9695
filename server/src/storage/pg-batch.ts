// A group commit's writer for PostgreSQL: the statements of a group go to the server as one
// simple-protocol query, which PostgreSQL runs as one implicit transaction (all of it, or none).
// Each statement sent on its own costs a round trip, and on this kind of machine the round trip,
// not the statement, is most of the cost: 10,000 single-row inserts take PostgreSQL about
// 1.7 s of CPU one by one and 0.14 s a hundred to a query (bench/pg-round-trips.ts).
//
// The simple protocol carries no parameters, so each `$n` becomes a literal: pg's own escaping for
// text, plain digits for numbers. A guarded statement (guarded-query.ts) becomes a statement that
// fails when it did not change exactly one row, so the whole group rolls back as on SQLite. Its
// failure is recognised by what the server never translates: the SQLSTATE, and which statement of
// the batch failed; never by the message, which follows the server's lc_messages.

import pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { guardOf } from './guarded-query.js';
import { withFollowersBuilt } from './followers.js';
import { connectionFailureOf } from './outage.js';

/**
 * What a failed guard raises: 2201E invalid_argument_for_logarithm, the logarithm of zero. No
 * statement of the relay takes a logarithm, so in a guarded statement's place this code is the
 * guard's, whatever the statement around it could fail with.
 */
const GUARD_SQLSTATE = '2201E';

/** What a text literal must escape: a quote is doubled; a backslash is doubled, in an E'' literal. */
const QUOTE_OR_BACKSLASH = /['\\]/;

/**
 * Text as a literal, exactly as pg.escapeLiteral writes it (PostgreSQL's own libpq rules). pg's
 * goes character by character; a payment's batch holds its response and its event's payload, a
 * few kilobytes of JSON, and that loop was a tenth of the relay's time per payment on PostgreSQL.
 * Text with neither a quote nor a backslash, most of it, is only wrapped.
 */
export function textLiteral(text: string): string {
  if (!QUOTE_OR_BACKSLASH.test(text)) return `'${text}'`;
  const quoted = `'${text.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
  return text.includes('\\') ? ` E${quoted}` : quoted;
}

/** A parameter as an SQL literal; a value of any other kind is a programming error. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'string':
      // PostgreSQL text holds no NUL, and the query message ends at one: refused, never cut short.
      if (value.includes('\u0000')) throw new TypeError('cannot write a NUL character to PostgreSQL');
      return textLiteral(value);
    case 'number':
      // Every number the relay stores is an integer (minor units, epoch milliseconds, counts); a
      // fraction would be rounded silently by a bigint column, where a parameter is refused.
      if (!Number.isSafeInteger(value)) throw new TypeError(`cannot write ${value} to PostgreSQL as an integer`);
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

/** A statement cut at its placeholders: text, parameter index, text, ... (text at even places). */
type Template = (string | number)[];

/** Quoted text, a quoted identifier, a placeholder, or the start of a comment. */
const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)|--|['"]/g;

function templateOf(sql: string): Template {
  const parts: Template = [];
  let from = 0;
  for (const match of sql.matchAll(TOKEN)) {
    const [token, n] = match;
    if (token === '--') throw new Error('a comment in a statement to inline');
    if (token === "'" || token === '"') throw new Error('unterminated quote in a statement');
    if (n === undefined) continue;
    parts.push(sql.slice(from, match.index), Number(n) - 1);
    from = match.index + token.length;
  }
  parts.push(sql.slice(from));
  return parts;
}

/** Templates by statement text: the same few statements run again and again. */
const templates = new Map<string, Template>();
const MAX_TEMPLATES = 1_000;

/**
 * `sql` with each `$n` outside quoted text and identifiers replaced by the literal of parameter n.
 * Comments are not expected in compiled statements; a `--` outside quotes is refused.
 */
export function inlineParameters(sql: string, parameters: readonly unknown[]): string {
  let template = templates.get(sql);
  if (!template) {
    template = templateOf(sql);
    if (templates.size >= MAX_TEMPLATES) templates.clear();
    templates.set(sql, template);
  }
  let out = template[0] as string;
  for (let i = 1; i < template.length; i += 2) {
    const n = template[i] as number;
    if (n < 0 || n >= parameters.length) throw new Error(`a statement names $${n + 1} of ${parameters.length} parameters`);
    out += sqlLiteral(parameters[n]) + (template[i + 1] as string);
  }
  return out;
}

/**
 * A guarded statement as one that fails unless it changed exactly one row: its rows are counted
 * through RETURNING, and a count other than one takes the logarithm of zero (GUARD_SQLSTATE). The
 * zero is made of the count, so the planner cannot fold it into an error of every run.
 */
function guardedStatement(statement: string): string {
  return `with guarded as (${statement} returning 1) select ln(0 * count(*)) from guarded having count(*) <> 1`;
}

/** The group's statements as the text of one query. */
function batchText(batch: readonly CompiledQuery[]): string {
  return batch
    .map((query) => {
      const guarded = guardOf(query) !== undefined;
      // Asked of the statement's own text: a value may well hold the word.
      if (guarded && /\breturning\b/i.test(query.sql)) throw new Error('a guarded statement must not have its own RETURNING');
      const statement = inlineParameters(query.sql, query.parameters);
      return guarded ? guardedStatement(statement) : statement;
    })
    .join(';\n');
}

/**
 * A batch's query, counting the statements the server completed. The server runs them in order and
 * stops at the first that fails: the statements before it completed, so it is the next one.
 */
class BatchQuery extends pg.Query {
  completed = 0;

  /** The driver's call for each statement's CommandComplete (pg's Submittable interface). */
  handleCommandComplete(...args: unknown[]): void {
    this.completed += 1;
    (pg.Query.prototype as unknown as { handleCommandComplete(...a: unknown[]): void }).handleCommandComplete.apply(this, args);
  }
}

/** Sends `query`: pg's pool answers a Submittable it is given with a promise of its results. */
function send(pool: pg.Pool, query: BatchQuery): Promise<pg.QueryResult | pg.QueryResult[]> {
  return (pool.query as unknown as (q: BatchQuery) => Promise<pg.QueryResult | pg.QueryResult[]>).call(pool, query);
}

/**
 * The error of the guard that failed in `batch`, or the database's own error: the guard's SQLSTATE
 * raised by the statement at `failedAt`, a guarded one.
 */
function batchError(error: unknown, batch: readonly CompiledQuery[], failedAt: number): unknown {
  const query = (error as { code?: unknown } | undefined)?.code === GUARD_SQLSTATE ? batch[failedAt] : undefined;
  const guard = query && guardOf(query);
  return guard ? guard() : connectionFailureOf(error);
}

/**
 * The rows of each read of `reads`, asked in one query: one round trip where each alone costs one.
 * They run in one implicit transaction, each statement with its own snapshot (READ COMMITTED), as
 * they would one after the other.
 */
export async function readBatch(pool: pg.Pool, reads: readonly CompiledQuery[]): Promise<unknown[][]> {
  if (reads.length === 0) return [];
  const text = reads.map((q) => inlineParameters(q.sql, q.parameters)).join(';\n');
  let results: pg.QueryResult | pg.QueryResult[];
  try {
    results = (await pool.query(text)) as pg.QueryResult | pg.QueryResult[];
  } catch (error) {
    throw connectionFailureOf(error);
  }
  return (Array.isArray(results) ? results : [results]).map((r) => r.rows as unknown[]);
}

/** Runs `batch` as one query on `pool`, in one transaction; the rows each statement changed. */
export async function runBatch(pool: pg.Pool, batch: readonly CompiledQuery[]): Promise<number[]> {
  if (batch.length === 0) return [];
  // One text cannot wait for a statement's count: followers go with their leader, built now, and
  // change nothing where their leader changed nothing (followers.ts).
  const { statements, leaders } = withFollowersBuilt(batch);
  const query = new BatchQuery(batchText(statements));
  let results: pg.QueryResult | pg.QueryResult[];
  try {
    results = await send(pool, query);
  } catch (error) {
    throw batchError(error, statements, query.completed);
  }
  const counts = Array.isArray(results) ? results : [results];
  // A guarded statement answers no row when it held: it changed exactly one.
  return leaders.map((at) => (guardOf(statements[at] as CompiledQuery) ? 1 : (counts[at]?.rowCount ?? 0)));
}
