// A schedule and its occurrences, as the store keeps them. A schedule is `active` until it is
// cancelled (DELETE, or its registration deleted) or `ended` (past job.endDate, or its expression
// has no future time). An occurrence is one run time of one schedule, unique on (schedule, time):
// `due` when fired and waiting for its charge, then `succeeded`, `declined` or `pending` with its
// payment, `failed` (no payment could be made: registration gone, parameters refused),
// `skipped` (missed during downtime, older than the one fired) or `cancelled` (the schedule was
// cancelled before its charge started).

import type { EpochMs, RegistrationRecord } from './records.js';

export type ScheduleStatus = 'active' | 'cancelled' | 'ended';

export type OccurrenceStatus = 'due' | 'succeeded' | 'declined' | 'pending' | 'failed' | 'skipped' | 'cancelled';

export interface ScheduleRecord {
  id: string;
  entityId: string;
  registrationId: string;
  paymentType: 'DB' | 'PA' | 'CD';
  /** Minor units. */
  amount: number;
  currency: string;
  /** Seven Quartz fields (schedules/job.ts). */
  expression: string;
  /** IANA zone the expression is read in: the entity's, else UTC. */
  timeZone: string;
  startAt: EpochMs | null;
  endAt: EpochMs | null;
  /** What each charge sends besides amount, currency and type (merchantTransactionId, testMode, customParameters...), as JSON pairs. */
  paymentParams: string;
  /** The creation answer, as sent (the job echoed). */
  responseJson: string;
  status: ScheduleStatus;
  /** Null once cancelled or ended. */
  nextRunAt: EpochMs | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  /** The request that created it: each charge logs under this id (absent for one made before ids were kept). */
  requestId?: string;
}

export interface OccurrenceRecord {
  id: string;
  scheduleId: string;
  entityId: string;
  scheduledAt: EpochMs;
  status: OccurrenceStatus;
  paymentId: string | null;
  resultCode: string | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

/** What firing a due schedule writes, planned from the schedule alone (schedules/fire.ts). */
export interface Firing {
  scheduleId: string;
  /** The next_run_at the plan was made from: the write applies only if it is still that. */
  from: EpochMs;
  nextRunAt: EpochMs | null;
  status: Extract<ScheduleStatus, 'active' | 'ended'>;
  occurrences: OccurrenceRecord[];
}

/**
 * What charging an occurrence reads, in one go: the occurrence, its schedule, the schedule's
 * registration (undefined once gone) and the entity's test clock (undefined when never moved).
 */
export interface OccurrenceToCharge {
  occurrence: OccurrenceRecord;
  schedule: ScheduleRecord;
  registration: RegistrationRecord | undefined;
  testClock: EpochMs | undefined;
}

/** How a charge ends an occurrence, in the payment's own transaction (NewPaymentParts.occurrence). */
export interface OccurrenceCharge {
  id: string;
  status: Extract<OccurrenceStatus, 'succeeded' | 'declined' | 'pending'>;
  paymentId: string;
  resultCode: string;
  now: EpochMs;
}
