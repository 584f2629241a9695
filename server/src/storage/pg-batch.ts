// A group commit's writer for PostgreSQL: the statements of a group go to the server together,
// each with its values bound as parameters, in one round trip and one transaction (pg-pipeline.ts:
// Parse, Bind and Execute for each, one Sync at the end). Each statement sent on its own costs a
// round trip, and on this kind of machine the round trip, not the statement, is most of the cost:
// 10,000 single-row inserts take PostgreSQL about 1.7 s of CPU one by one and 0.14 s a hundred to
// a round trip.
//
// No value is ever written into a statement's text: PostgreSQL logs the text of a statement that
// fails (log_min_error_statement, `error` by default), and a guard fails by design (a lost claim),
// so its text must hold placeholders, never a customer's name. The parameters of a failed statement
// are logged only where the server is told to (log_parameter_max_length_on_error, 0 by default).
//
// A guarded statement (guarded-query.ts) becomes a statement that fails when it did not change
// exactly one row, so the whole group rolls back as on SQLite. Its failure is recognised by what
// the server never translates: the SQLSTATE, and which statement of the batch failed (the count of
// those completed before it); never by the message, which follows the server's lc_messages.
//
// Against the one simple-protocol query with every value written in as a literal that this
// replaces, a group costs the server about half the CPU, its writes being prepared once per
// connection (pg-pipeline.ts has the figures), and the relay's process about 15% more (a protocol
// message per statement and value instead of one string).

import pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { guardOf } from './guarded-query.js';
import { withFollowersBuilt } from './followers.js';
import { connectionFailureOf, isDatabaseOutage } from './outage.js';
import { Pipeline, send, type PipelinedStatement, type StatementResult } from './pg-pipeline.js';

/**
 * What a failed guard raises: 2201E invalid_argument_for_logarithm, the logarithm of zero. No
 * statement of the relay takes a logarithm, so in a guarded statement's place this code is the
 * guard's, whatever the statement around it could fail with.
 */
const GUARD_SQLSTATE = '2201E';

/**
 * A guarded statement as one that fails unless it changed exactly one row: its rows are counted
 * through RETURNING, and a count other than one takes the logarithm of zero (GUARD_SQLSTATE). The
 * zero is made of the count, so the planner cannot fold it into an error of every run.
 */
function guardedStatement(query: CompiledQuery): PipelinedStatement {
  if (/\breturning\b/i.test(query.sql)) throw new Error('a guarded statement must not have its own RETURNING');
  return { parameters: query.parameters, sql: `with guarded as (${query.sql} returning 1) select ln(0 * count(*)) from guarded having count(*) <> 1` };
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

/** The column parsers the pool's clients use (postgres.ts gives BIGINT its own). */
function typesOf(pool: pg.Pool): ConstructorParameters<typeof Pipeline>[1]['types'] {
  return (pool as unknown as { options?: { types?: ConstructorParameters<typeof Pipeline>[1]['types'] } }).options?.types;
}

/**
 * Runs `pipeline` on a connection of `pool`. A connection whose batch ended with the server's own
 * error (a guard, a constraint) is sound and goes back to the pool; one that failed otherwise (lost,
 * timed out with the batch still running, ended by the server) is discarded.
 */
async function run(pool: pg.Pool, pipeline: Pipeline): Promise<StatementResult[]> {
  const client = await pool.connect().catch((error: unknown) => {
    throw connectionFailureOf(error);
  });
  try {
    const results = await send(client, pipeline);
    client.release();
    return results;
  } catch (error) {
    client.release(error instanceof pg.DatabaseError && !isDatabaseOutage(error) ? undefined : (error as Error));
    throw error;
  }
}

/**
 * The rows of each read of `reads`, asked in one round trip where each alone costs one. They run
 * in one implicit transaction, each statement with its own snapshot (READ COMMITTED), as they
 * would one after the other.
 */
export async function readBatch(pool: pg.Pool, reads: readonly CompiledQuery[]): Promise<unknown[][]> {
  if (reads.length === 0) return [];
  try {
    return (await run(pool, new Pipeline(reads, { rows: true, types: typesOf(pool) }))).map((r) => r.rows);
  } catch (error) {
    throw connectionFailureOf(error);
  }
}

/** Runs `batch` in one round trip on `pool`, in one transaction; the rows each statement changed. */
export async function runBatch(pool: pg.Pool, batch: readonly CompiledQuery[]): Promise<number[]> {
  if (batch.length === 0) return [];
  // The batch is sent before any statement's count is known: followers go with their leader, built
  // now, and change nothing where their leader changed nothing (followers.ts).
  const { statements, leaders } = withFollowersBuilt(batch);
  const pipeline = new Pipeline(
    statements.map((query) => (guardOf(query) ? guardedStatement(query) : query)),
    { rows: false },
  );
  let results: StatementResult[];
  try {
    results = await run(pool, pipeline);
  } catch (error) {
    throw batchError(error, statements, pipeline.completed);
  }
  // A guarded statement answers no row when it held: it changed exactly one.
  return leaders.map((at) => (guardOf(statements[at] as CompiledQuery) ? 1 : (results[at]?.rowCount ?? 0)));
}
