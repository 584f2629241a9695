// Used currency quotes by channel and time of use. 013 reads a quote by its id only; the back
// office's settlement page lists the quotes a channel's payments used within a range of days, and
// without this index each view read the whole table. Unused quotes (most of them: a quote is asked
// for on every priced checkout) are left out of it.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('fx_quotes_entity_used').on('fx_quotes').columns(['entity_id', 'used_at', 'id']).where(sql.ref('used_at'), 'is not', null).execute();
}
