// A claim that caps the jobs it takes of each group (the deliveries to one endpoint) reads a window
// of due rows with their group first (storage/jobs.ts). With the group and id in the due index,
// that window is read from the index alone, not row by row from the table.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_due').execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['run_at', 'group_key', 'id']).where(sql.ref('state'), '=', 'queued').execute();
}
