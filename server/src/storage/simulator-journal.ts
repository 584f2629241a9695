// The simulator's journal in the store (migration 005): read and voided when the relay resolves a
// request left in doubt by a crash. Its rows are written by the store's prepared insert.

import type { Kysely } from 'kysely';
import { simulatorAuthorizationFromRow } from './rows.js';
import type { Database } from './schema.js';
import type { EpochMs } from '../domain/records.js';
import type { SimulatorAuthorization } from './repositories/simulator-journal.js';

export async function findAuthorization(db: Kysely<Database>, reference: string): Promise<SimulatorAuthorization | undefined> {
  const row = await db.selectFrom('simulator_authorizations').selectAll().where('reference', '=', reference).executeTakeFirst();
  return row && simulatorAuthorizationFromRow(row);
}

export async function voidAuthorization(db: Kysely<Database>, reference: string, now: EpochMs): Promise<boolean> {
  const result = await db
    .updateTable('simulator_authorizations')
    .set({ state: 'voided', voided_at: now })
    .where('reference', '=', reference)
    .where('state', 'in', ['approved', 'challenge'])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
