// Reports, settlement and currency quotes.
// - payments gain the merchant's reference (a report by merchantTransactionId), the quote a payment
//   was priced with and its rate, and what the settlement run made of it (status, day, aggregation).
// - An index on (entity_id, created_at, id): date-range reports and the settlement run read a day of
//   one entity in time order from it, never the whole table. The id makes the order total, so a
//   page boundary between two payments of the same millisecond is always the same.
// - fx_quotes: a guaranteed rate, used by at most one payment.
// - settlement_aggregations: one per entity, settlement currency and day (unique: a second run of
//   the day, on this relay or another, writes nothing), and reconciliation_records, the rows of
//   the reconciliation file, numbered within their aggregation.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('merchant_transaction_id', 'text').execute();
  await db.schema.alterTable('payments').addColumn('fx_quote_id', 'text').execute();
  await db.schema.alterTable('payments').addColumn('fx_rate', 'text').execute();
  await db.schema.alterTable('payments').addColumn('settlement_currency', 'text').execute();
  await db.schema.alterTable('payments').addColumn('settlement_status', 'text').execute();
  await db.schema.alterTable('payments').addColumn('settlement_date', 'text').execute();
  await db.schema.alterTable('payments').addColumn('aggregation_id', 'text').execute();
  await db.schema.createIndex('payments_entity_time').on('payments').columns(['entity_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('payments_entity_reference')
    .on('payments')
    .columns(['entity_id', 'merchant_transaction_id'])
    .where(sql.ref('merchant_transaction_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('fx_quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('source_currency', 'text', (c) => c.notNull())
    .addColumn('target_currency', 'text', (c) => c.notNull())
    // Decimal text (up to 6 decimals), never a float.
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('valid_until', 'bigint', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('settlement_aggregations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // The business day settled, yyyy-MM-dd (UTC), and the day it was settled on.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('settlement_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('record_count', 'integer', (c) => c.notNull())
    .addColumn('settled_amount', 'bigint', (c) => c.notNull())
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull())
    .addColumn('fee_amount', 'bigint', (c) => c.notNull())
    .addColumn('chargeback_amount', 'bigint', (c) => c.notNull())
    .addColumn('chargeback_reversal_amount', 'bigint', (c) => c.notNull())
    .addColumn('net_amount', 'bigint', (c) => c.notNull())
    .addColumn('file_sha256', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settlement_aggregations_day').on('settlement_aggregations').columns(['entity_id', 'day', 'currency']).unique().execute();

  await db.schema
    .createTable('reconciliation_records')
    .addColumn('aggregation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reconciliation_type', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('cashflow', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('tx_request_time', 'bigint', (c) => c.notNull())
    .addColumn('settlement_amount', 'bigint', (c) => c.notNull())
    .addColumn('settlement_currency', 'text', (c) => c.notNull())
    .addColumn('settlement_fee', 'bigint')
    .addColumn('fx_rate', 'text', (c) => c.notNull())
    .addColumn('settlement_date', 'text', (c) => c.notNull())
    .addColumn('settlement_status', 'text', (c) => c.notNull())
    .addColumn('merchant_transaction_id', 'text')
    .addColumn('descriptor', 'text')
    .addColumn('account_last4', 'text')
    .addColumn('account_holder', 'text')
    .addColumn('connector_tx_id1', 'text')
    .addColumn('reason_code', 'text')
    .addColumn('reason_desc', 'text')
    .addColumn('matching_status', 'text', (c) => c.notNull())
    .addColumn('matched_transactions', 'text')
    .addColumn('chargeback_id', 'text')
    .addPrimaryKeyConstraint('reconciliation_records_pk', ['aggregation_id', 'seq'])
    .addCheckConstraint('reconciliation_records_cashflow', sql`cashflow in ('POS', 'NEG')`)
    .execute();
  // The file of a date range reads an entity's records day by day, in aggregation order.
  await db.schema.createIndex('reconciliation_records_day').on('reconciliation_records').columns(['entity_id', 'day', 'aggregation_id', 'seq']).execute();
}
