// Checkouts of the hosted payment flow. The lease (busy_until), the single success
// (success_payment_id) and the decline counter live on the row so that one conditional UPDATE
// decides which of many concurrent submits may pay (L1) and when a checkout locks (L8).

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull().references('entities.id'))
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('params_json', 'text', (c) => c.notNull())
    .addColumn('shopper_result_url', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('success_payment_id', 'text')
    .addColumn('last_payment_id', 'text')
    .addColumn('busy_until', 'bigint')
    .addColumn('decline_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spent_at', 'bigint')
    .addColumn('read_window_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('checkouts_counts', sql`amount >= 0 and decline_count >= 0 and read_count >= 0`)
    .execute();
  await db.schema.createIndex('checkouts_entity_id').on('checkouts').columns(['entity_id', 'id']).execute();
  // A payment is the success of at most one checkout (NULLs do not collide on either dialect).
  await db.schema.createIndex('checkouts_success_payment').on('checkouts').column('success_payment_id').unique().execute();
  // For the expiry sweep.
  await db.schema.createIndex('checkouts_expires').on('checkouts').column('expires_at').execute();
}
