// Scheduled payments: schedules, their occurrences (one row per schedule and run time: the unique
// index is what makes a run fire once, whatever the number of relays), and test clocks (per
// entity, test environment only).

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('registration_id', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('expression', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint')
    .addColumn('end_at', 'bigint')
    .addColumn('payment_params', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('schedules_status', sql`status in ('active', 'cancelled', 'ended')`)
    .execute();
  // What the firing asks every round: active schedules by due time; cancelled and ended ones are
  // in no index of it.
  await db.schema.createIndex('schedules_due').on('schedules').column('next_run_at').where(sql.ref('status'), '=', 'active').execute();
  // Listing by registration, and cancelling a deleted registration's schedules.
  await db.schema.createIndex('schedules_registration').on('schedules').columns(['entity_id', 'registration_id']).execute();

  await db.schema
    .createTable('schedule_occurrences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('result_code', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('schedule_occurrences_once', ['schedule_id', 'scheduled_at'])
    .addCheckConstraint('schedule_occurrences_status', sql`status in ('due', 'succeeded', 'declined', 'pending', 'failed', 'skipped', 'cancelled')`)
    .execute();

  await db.schema
    .createTable('test_clocks')
    .addColumn('entity_id', 'text', (c) => c.primaryKey())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
