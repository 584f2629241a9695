// Durable jobs: work a relay does after it has answered (housekeeping, requests left in doubt,
// and later webhooks, slips, schedules and settlement). Any relay process on the store may run a
// job: a runner claims due jobs with a lease (lease_owner, lease_until), so a job whose relay died
// is claimed again once its lease expires. unique_key makes enqueueing idempotent: a second insert
// of the same key does nothing (NULLs never collide, on both dialects).

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('unique_key', 'text', (c) => c.unique())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('jobs_state', sql`state in ('queued', 'running', 'done', 'failed')`)
    .execute();
  // What a runner asks on every poll: queued jobs by due time, running ones by lease expiry. Done
  // and failed jobs are in neither index, so a long history never slows the claim.
  await db.schema.createIndex('jobs_due').on('jobs').column('run_at').where(sql.ref('state'), '=', 'queued').execute();
  await db.schema.createIndex('jobs_leased').on('jobs').column('lease_until').where(sql.ref('state'), '=', 'running').execute();
  // Housekeeping forgets finished jobs by age.
  await db.schema.createIndex('jobs_finished').on('jobs').column('updated_at').where(sql<boolean>`state in ('done', 'failed')`).execute();
}
