// A round of firings: the due schedules locked, their firings written, and the jobs of what was
// written (the charges of the due occurrences, the firing of the next run times), in one transaction.

import type { EpochMs } from '../../domain/records.js';
import type { JobRecord } from '../../domain/job.js';
import type { Firing, OccurrenceRecord, ScheduleRecord } from '../../domain/schedules.js';
import type { FiringsWritten } from '../schedules.js';
import type { Store } from '../store.js';

/**
 * Fires up to `limit` schedules due at `now` (of one entity when given): `plan` says what each
 * firing writes (pure, from the schedule), `jobsOf` the jobs of what was written. Returns how many
 * schedules were due and the due occurrences written.
 */
export function writeDueFirings(
  store: Store,
  now: EpochMs,
  limit: number,
  plan: (s: ScheduleRecord) => Firing,
  jobsOf: (written: FiringsWritten) => JobRecord[],
  entityId?: string,
): Promise<{ found: number; due: OccurrenceRecord[] }> {
  return store.transaction(async (tx) => {
    const schedules = await tx.schedules.lockDue(now, limit, entityId);
    if (schedules.length === 0) return { found: 0, due: [] };
    const written = await tx.schedules.writeFirings(schedules.map(plan), now);
    await tx.jobs.enqueue(jobsOf(written));
    return { found: schedules.length, due: [...written.due] };
  });
}
