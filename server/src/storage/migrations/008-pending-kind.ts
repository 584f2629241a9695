// Why a payment is pending: a 3-D Secure challenge, a slip awaiting payment, a redirect to an
// online transfer or wallet, a bank confirmation. The lifecycle table names the transitions out of
// each kind (domain/lifecycle.ts). Every pending payment before this migration was a 3-D Secure
// challenge.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('pending_kind', 'text').execute();
  await sql`update payments set pending_kind = 'three-d-secure' where status = 'pending'`.execute(db);
  // Pending payments are few and looked for by kind and age (expiry); settled ones are not indexed.
  await db.schema.createIndex('payments_pending').on('payments').columns(['pending_kind', 'created_at']).where(sql.ref('status'), '=', 'pending').execute();
}
