// A new schedule with its creation's claim answer and the job that fires it, in one group-commit batch.

import type { JobRecord } from '../../domain/job.js';
import type { ScheduleRecord } from '../../domain/schedules.js';
import type { ClaimAnswer } from '../repositories/index.js';
import type { Store } from '../store.js';
import { outboxStatements } from './outbox.js';

export function writeSchedule(store: Store, s: ScheduleRecord, parts: { answer?: ClaimAnswer; jobs?: readonly JobRecord[] } = {}): Promise<void> {
  return store.writeTogether([store.schedules.insertStatement(s), ...outboxStatements(store, parts.answer, parts.jobs)]);
}
