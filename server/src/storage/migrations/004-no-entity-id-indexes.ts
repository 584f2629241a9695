// Payments and checkouts are only ever looked up by their id, scoped to an entity in the same
// query (A1): the primary key finds the row and the entity check costs nothing more. An index over
// (entity_id, id) served no query, yet every insert paid for it with one more page to write.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_entity_id').execute();
  await db.schema.dropIndex('checkouts_entity_id').execute();
}
