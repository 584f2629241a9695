// Voucher slips (BOLETO, OXXO, BALOTO): a paid slip is confirmed by one RC payment record that
// references the slip's PA. The confirmation settles the PA with a guarded UPDATE in the same
// transaction, and this index is the second, independent guarantee: whatever races (two relays,
// a retried job, the test operation), the database holds at most one RC per slip.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('payments_one_confirmation')
    .on('payments')
    .column('referenced_id')
    .unique()
    .where(sql.ref('payment_type'), '=', 'RC')
    .execute();
}
