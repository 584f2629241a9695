// The simulator's journal in the store (migration 005): written when the simulator answers under
// a reference, read and voided when the relay resolves a request left in doubt by a crash.

import type { Kysely } from 'kysely';
import type { Database, SimulatorAuthorizationsTable } from './schema.js';
import type { EpochMs, SimulatorAuthorization } from './store.js';

function toRow(a: SimulatorAuthorization): SimulatorAuthorizationsTable {
  return {
    reference: a.reference,
    entity_id: a.entityId,
    payment_id: a.paymentId,
    payment_type: a.paymentType,
    amount: a.amount,
    currency: a.currency,
    result_code: a.resultCode,
    state: a.state,
    created_at: a.createdAt,
    voided_at: a.voidedAt,
  };
}

function fromRow(row: SimulatorAuthorizationsTable): SimulatorAuthorization {
  return {
    reference: row.reference,
    entityId: row.entity_id,
    paymentId: row.payment_id,
    paymentType: row.payment_type,
    amount: Number(row.amount),
    currency: row.currency,
    resultCode: row.result_code,
    state: row.state,
    createdAt: Number(row.created_at),
    voidedAt: row.voided_at === null ? null : Number(row.voided_at),
  };
}

export function recordAuthorizationQuery(db: Kysely<Database>, a: SimulatorAuthorization) {
  return db.insertInto('simulator_authorizations').values(toRow(a)).compile();
}

export async function findAuthorization(db: Kysely<Database>, reference: string): Promise<SimulatorAuthorization | undefined> {
  const row = await db.selectFrom('simulator_authorizations').selectAll().where('reference', '=', reference).executeTakeFirst();
  return row && fromRow(row);
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
