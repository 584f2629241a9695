// Statements that must change exactly one row, or their transaction is rolled back: an idempotency
// claim's answer, written with the request's effect, changes nothing when another relay has taken
// the claim in the meantime, and the effect must then not commit either (ClaimLostError); a
// schedule's charge is written only while its occurrence is still due. Marked on the compiled
// query with the error its failure stands for, so the same statement is checked alone, in a
// transaction, or in a group commit's batch (sqlite.ts, pg-batch.ts; query-marks.ts).

import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { ClaimLostError } from './store.js';
import { marked, marksOf } from './query-marks.js';

/** What a failed guard throws. */
type GuardError = () => Error;

/** `query`, marked: it must change exactly one row. */
export function mustChangeOneRow(query: CompiledQuery, error: GuardError = () => new ClaimLostError()): CompiledQuery {
  return marked(query, { guard: error });
}

/** The error a guarded statement's failure stands for; undefined for a statement with no guard. */
export function guardOf(query: CompiledQuery): GuardError | undefined {
  return marksOf(query)?.guard;
}

/** Throws the guard's error when a marked statement did not change exactly one row. */
export function checkChanged(query: CompiledQuery, changed: bigint | number | undefined): void {
  const guard = marksOf(query)?.guard;
  if (guard && Number(changed ?? 0) !== 1) throw guard();
}

export async function runGuarded<DB>(db: Kysely<DB> | Transaction<DB>, query: CompiledQuery): Promise<void> {
  const result = await db.executeQuery(query);
  checkChanged(query, result.numAffectedRows);
}
