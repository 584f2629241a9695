// Request ids (docs/operations.md, "Request ids"): the request that queued a job, and the one that
// created a schedule, so the work they cause logs under the same id on whichever relay runs it.
// Nullable: jobs the relay queues on its own (housekeeping, firings) belong to no request, and
// rows from before this migration have none. Nothing looks rows up by it: no index.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('schedules').addColumn('request_id', 'text').execute();
}
