// The first schema: merchants, their entities (channels), payments, registrations and idempotency
// keys. Written with Kysely's schema builder and types both dialects share (text, bigint, integer),
// so the same migration runs on SQLite and PostgreSQL. `checkouts` and `jobs` come in later
// migrations, with the features that use them.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // Only the hash of the access token is kept; unique so a lookup finds one merchant.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('entities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entities_merchant').on('entities').columns(['merchant_id', 'created_at']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull().references('entities.id'))
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('payment_brand', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result_code', 'text', (c) => c.notNull())
    .addColumn('referenced_id', 'text')
    .addColumn('registration_id', 'text')
    .addColumn('checkout_id', 'text')
    .addColumn('captured_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reversed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('pending_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Last line of defence for the ledger: even a buggy guard cannot store an impossible row.
    .addCheckConstraint('payments_status', sql`status in ('pending', 'success', 'declined')`)
    .addCheckConstraint('payments_reversed', sql`reversed in (0, 1)`)
    .addCheckConstraint('payments_amounts', sql`amount >= 0 and captured_amount >= 0 and refunded_amount >= 0`)
    .addCheckConstraint('payments_totals', sql`captured_amount <= amount and refunded_amount <= amount`)
    .execute();
  await db.schema.createIndex('payments_entity_id').on('payments').columns(['entity_id', 'id']).execute();
  await db.schema.createIndex('payments_checkout').on('payments').column('checkout_id').execute();
  await db.schema.createIndex('payments_referenced').on('payments').column('referenced_id').execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull().references('entities.id'))
    .addColumn('payment_brand', 'text', (c) => c.notNull())
    .addColumn('bin', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('expiry_month', 'text', (c) => c.notNull())
    .addColumn('expiry_year', 'text', (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('card_ciphertext', 'text', (c) => c.notNull())
    .addColumn('card_hmac', 'text', (c) => c.notNull())
    .addColumn('initial_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('registrations_initial_done', sql`initial_done in (0, 1)`)
    .execute();
  // De-duplication looks a card up by its keyed hash within one entity.
  await db.schema.createIndex('registrations_entity_hmac').on('registrations').columns(['entity_id', 'card_hmac']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('entity_id', 'text', (c) => c.notNull().references('entities.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The key is scoped to the entity: another entity's identical key is a different row.
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['entity_id', 'key'])
    .addCheckConstraint('idempotency_keys_state', sql`state in ('in-progress', 'done')`)
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}
