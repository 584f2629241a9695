// Webhook events found by the record that raised them. 010 left this index out while only support
// tools looked events up by record; the back office's payment detail now does on every view (the
// notifications each record of a family sent), and without it each view read the whole table.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_events_record').on('webhook_events').column('record_id').execute();
}
