// Indexes a payment pays for only where they serve. Every index is one more B-tree that each
// insert writes a page of, and a payment is the relay's hottest write.
// - Payments and checkouts are only ever looked up by id, scoped to an entity in the same query
//   (A1): the primary key finds the row and the entity check costs nothing more, so the
//   (entity_id, id) indexes go.
// - A server-to-server payment has no checkout and an initial payment no reference: the checkout
//   and reference indexes keep only rows that have one. Queries by value (`checkout_id = ?`) imply
//   `is not null`, so both dialects still use them; one success per checkout (003) holds the same.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_entity_id').execute();
  await db.schema.dropIndex('checkouts_entity_id').execute();

  await db.schema.dropIndex('payments_checkout').execute();
  await db.schema.createIndex('payments_checkout').on('payments').column('checkout_id').where(sql.ref('checkout_id'), 'is not', null).execute();
  await db.schema.dropIndex('payments_referenced').execute();
  await db.schema.createIndex('payments_referenced').on('payments').column('referenced_id').where(sql.ref('referenced_id'), 'is not', null).execute();
  await db.schema.dropIndex('payments_checkout_success').execute();
  await db.schema
    .createIndex('payments_checkout_success')
    .on('payments')
    .column('checkout_id')
    .unique()
    .where(sql<boolean>`status = 'success' and checkout_id is not null`)
    .execute();
}
