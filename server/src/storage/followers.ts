// Statements that follow another only when it changed a row. A webhook event's row and its
// delivery jobs follow its fan-out: for a payment no endpoint wants (most payments of most
// merchants), the fan-out makes no delivery, and the event's payload, as large as the payment's
// own answer, need not even be built. Built and run only when needed, on SQLite, where a batch
// runs one statement after another in this process (sqlite.ts). Where the count is not known in
// time, the followers are built at once and run after their leader (a PostgreSQL batch is sent
// whole before any count comes back; pg-batch.ts): each must therefore change nothing when its leader changed nothing,
// so that both ways leave the same rows. Marked on a copy of the compiled query, like a guard
// (query-marks.ts), so a statement keeps its followers alone, in a transaction or in a batch.

import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { checkChanged } from './guarded-query.js';
import { marked, marksOf } from './query-marks.js';

type Followers = () => readonly CompiledQuery[];

/** `query`, marked with the statements that run after it only when it changed a row. */
export function withFollowers(query: CompiledQuery, followers: Followers): CompiledQuery {
  return marked(query, { followers });
}

const followersOf = (query: CompiledQuery): Followers | undefined => marksOf(query)?.followers;

/**
 * Runs `query` (checked like every statement of a batch) through `run`, then its followers when
 * it changed a row; answers the rows `query` itself changed. `run` is synchronous: a SQLite batch.
 */
export function runFollowing(query: CompiledQuery, run: (query: CompiledQuery) => number): number {
  const changed = run(query);
  checkChanged(query, changed);
  const followers = followersOf(query);
  if (followers && changed > 0) for (const follower of followers()) runFollowing(follower, run);
  return changed;
}

/** The same, one statement at a time on a Kysely connection or transaction. */
export async function executeFollowing<DB>(db: Kysely<DB> | Transaction<DB>, query: CompiledQuery): Promise<number> {
  const changed = Number((await db.executeQuery(query)).numAffectedRows ?? 0);
  checkChanged(query, changed);
  const followers = followersOf(query);
  if (followers && changed > 0) for (const follower of followers()) await executeFollowing(db, follower);
  return changed;
}

/**
 * `batch` with every statement's followers built and placed after it, for a writer that sends the
 * whole batch at once; `leaders` holds the position of each of `batch`'s own statements in it.
 */
export function withFollowersBuilt(batch: readonly CompiledQuery[]): { statements: CompiledQuery[]; leaders: number[] } {
  const statements: CompiledQuery[] = [];
  const leaders: number[] = [];
  const place = (query: CompiledQuery): void => {
    statements.push(query);
    for (const follower of followersOf(query)?.() ?? []) place(follower);
  };
  for (const query of batch) {
    leaders.push(statements.length);
    place(query);
  }
  return { statements, leaders };
}
