// Statements that must change exactly one row, or their transaction is rolled back: an idempotency
// claim's answer, written with the request's effect, changes nothing when another relay has taken
// the claim in the meantime, and the effect must then not commit either (ClaimLostError). Marked
// on the compiled query, so the same statement is checked alone, in a transaction, or in a group
// commit's batch (sqlite.ts).

import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { ClaimLostError } from './store.js';

const guarded = new WeakSet<CompiledQuery>();

export function mustChangeOneRow(query: CompiledQuery): CompiledQuery {
  guarded.add(query);
  return query;
}

/** Throws ClaimLostError when a marked statement changed no row. */
export function checkChanged(query: CompiledQuery, changed: bigint | number | undefined): void {
  if (guarded.has(query) && Number(changed ?? 0) !== 1) throw new ClaimLostError();
}

export async function runGuarded<DB>(db: Kysely<DB> | Transaction<DB>, query: CompiledQuery): Promise<void> {
  const result = await db.executeQuery(query);
  checkChanged(query, result.numAffectedRows);
}
