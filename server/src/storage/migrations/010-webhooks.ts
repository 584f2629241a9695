// Webhooks: where a merchant wants to hear of changes (endpoints), what happened (events, one per
// record that changes a payment or a registration, written in that record's transaction), and the
// sending of each event to each endpoint that wants it (deliveries, with every attempt kept).
//
// A notificationUrl sent with a payment is an endpoint too, bound to that payment (payment_id): it
// gets the events of the payment and of every later record that references it, and is sealed with
// the merchant's own webhook secret (secret is empty).

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    // ',PAYMENT,REGISTRATION,' or '' for every type: a substring search finds a type.
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('webhook_endpoints_state', sql`state in ('active', 'inactive', 'disabled', 'removed')`)
    .execute();
  // Every new event looks for the endpoints of its entity and of its payment.
  await db.schema.createIndex('webhook_endpoints_entity').on('webhook_endpoints').columns(['entity_id', 'state']).where(sql.ref('payment_id'), 'is', null).execute();
  await db.schema.createIndex('webhook_endpoints_payment').on('webhook_endpoints').column('payment_id').where(sql.ref('payment_id'), 'is not', null).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('action', 'text')
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // No index by record: every payment writes an event, and only support tools look one up by record.

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    // The ladder counts from the first attempt of the current round (a redelivery starts a new one).
    .addColumn('first_attempt_at', 'bigint')
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('webhook_deliveries_state', sql`state in ('pending', 'delivered', 'failed', 'cancelled')`)
    .execute();
  await db.schema.createIndex('webhook_deliveries_event_endpoint').on('webhook_deliveries').columns(['event_id', 'endpoint_id']).unique().execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('response_start', 'text')
    .addColumn('error', 'text')
    .addColumn('relay_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'number', 'at'])
    .execute();

  // Jobs of one group (the deliveries to one endpoint) that a runner has no room for are left for
  // later instead of being claimed and put back.
  await db.schema.alterTable('jobs').addColumn('group_key', 'text').execute();
}
