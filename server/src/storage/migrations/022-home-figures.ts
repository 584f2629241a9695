// The back office's home page (storage/repositories/home.ts) adds up a month of a merchant's
// payments on every view: counts and amounts by day, type, status, currency and result code. 019's
// time index (entity_id, created_at, id, status, payment_type, ...) already holds all of that but
// the currency and the result code, so each of a month's payments (tens of thousands at a million
// payments) would be read from the table. The index gains those two after its columns: the home
// page's sums then read the index alone (a covering scan), and a payment's insert writes no new
// B-tree, only an entry about fifteen bytes longer. The list's filters read it as before.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_entity_time').execute();
  await db.schema
    .createIndex('payments_entity_time')
    .on('payments')
    .columns(['entity_id', 'created_at', 'id', 'status', 'payment_type', 'payment_brand', 'method', 'amount', 'chargeback_amount', 'currency', 'result_code'])
    .execute();
}
