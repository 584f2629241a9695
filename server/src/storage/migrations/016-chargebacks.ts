// Chargebacks: a payment keeps the running total of its open chargebacks (CB records referencing
// it, less the ones a CR reversed), next to its captured and refunded totals. The lifecycle table
// (domain/lifecycle.ts) reads it in the same guarded UPDATE as the others: a refund or reversal of
// a charged-back payment is refused, and refunds plus open chargebacks never exceed the payment.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('chargeback_amount', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}
