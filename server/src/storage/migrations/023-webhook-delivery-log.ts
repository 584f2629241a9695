// The back office's notifications page (docs/back-office-notifications.md).
//
// The delivery log of an endpoint reads its deliveries newest first, a page at a time, sometimes
// only the failed or the pending ones: (endpoint_id, created_at, id) serves the page and its cursor
// in index order, and (endpoint_id, state, created_at, id) the state filter, so neither reads more
// than a page of an endpoint with a hundred thousand deliveries. The first replaces 010's
// (endpoint_id, created_at), of which it is an extension.
//
// A rotation of the merchant's webhook secret (the key of the payments' notificationUrl
// notifications) with an overlap: the new secret waits here, sealed, until its switch time; the
// relay seals with the old one until then and with the new one after (webhooks/merchant-secret.ts).
// One row per merchant: a later rotation promotes a switched secret into merchants.webhook_secret.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_endpoint_log').on('webhook_deliveries').columns(['endpoint_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_state').on('webhook_deliveries').columns(['endpoint_id', 'state', 'created_at', 'id']).execute();
  await db.schema.dropIndex('webhook_deliveries_endpoint').execute();

  await db.schema
    .createTable('webhook_secret_rotations')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey())
    // Sealed with the card key, as merchants.webhook_secret.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('switch_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
