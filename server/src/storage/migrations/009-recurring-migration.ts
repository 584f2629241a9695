// A registration may carry the INITIAL payment of a series migrated from another provider
// (recurringMigration.*), whose acquirer references its REPEATED payments hand on. Nullable: every
// registration before this migration, and every one made here, has none.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  await db.schema.alterTable('registrations').addColumn('migration_payment_type', 'text').execute();
  await db.schema.alterTable('registrations').addColumn('migration_amount', 'bigint').execute();
  await db.schema.alterTable('registrations').addColumn('migration_request_timestamp', 'text').execute();
  await db.schema.alterTable('registrations').addColumn('migration_connector_tx_id1', 'text').execute();
  await db.schema.alterTable('registrations').addColumn('migration_connector_tx_id2', 'text').execute();
  await db.schema.alterTable('registrations').addColumn('migration_connector_tx_id3', 'text').execute();
}
