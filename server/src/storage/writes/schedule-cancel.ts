// A schedule's cancel: the schedule and its occurrences still due, in one transaction.

import type { EpochMs } from '../../domain/records.js';
import type { Store } from '../store.js';

export function writeScheduleCancel(store: Store, entityId: string, id: string, now: EpochMs): Promise<'cancelled' | 'already' | 'missing'> {
  return store.transaction((tx) => tx.schedules.cancel(entityId, id, now));
}
