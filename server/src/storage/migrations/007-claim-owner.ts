// An idempotency claim records which relay holds it and until when. With several relays on one
// store, a claim still in progress may belong to a live relay that is working on it right now: a
// relay resolves a claim in doubt only once its lease has expired, or when the claim is its own
// from before a restart (same relay id). Claims made before this migration were made by a single
// relay: they get no owner and an expired lease, so the next resolution takes them as before.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('owner', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('idempotency_keys_in_progress').on('idempotency_keys').column('lease_until').where(sql.ref('state'), '=', 'in-progress').execute();
}
