// The simulator's own record of what it authorized under a connector reference, as a processor's
// test system keeps one. A relay that crashed between the simulator's answer and its own commit asks
// this record what happened to the request (docs/security-cases.md F1) and voids an authorization it never
// wrote down. The table belongs to the simulator: the relay reads it only through the simulator.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('simulator_authorizations')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('result_code', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('voided_at', 'bigint')
    .addCheckConstraint('simulator_authorizations_state', sql`state in ('approved', 'declined', 'challenge', 'voided')`)
    .execute();
}
