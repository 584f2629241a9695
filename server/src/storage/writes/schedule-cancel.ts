// A schedule's cancel: the schedule and its occurrences still due, in one transaction; with
// `alongside` (the back office's audit row) in the same one, written only when it cancelled.

import type { CompiledQuery } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import type { Store } from '../store.js';

export function writeScheduleCancel(store: Store, entityId: string, id: string, now: EpochMs, alongside: readonly CompiledQuery[] = []): Promise<'cancelled' | 'already' | 'missing'> {
  return store.transaction(async (tx) => {
    const outcome = await tx.schedules.cancel(entityId, id, now);
    if (outcome === 'cancelled' && alongside.length > 0) await tx.writeTogether(alongside);
    return outcome;
  });
}
