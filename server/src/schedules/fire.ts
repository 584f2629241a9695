// Firing: what a due schedule writes, planned from the schedule alone, and the round that fires
// due schedules in batches. A firing inserts the occurrence and advances next_run_at in one
// transaction, with the occurrence's charge job (the outbox); the occurrence row is unique on
// (schedule, time), so a run fires once whatever the number of relays or retries.
//
// Missed runs (the relay was down, or a test clock moved far): the most recent run that is due
// fires, once; older missed runs are recorded as `skipped` (the latest MAX_SKIPPED_RECORDED of
// them), never charged. A customer is never charged a burst of back payments after an outage.

import { writeDueFirings } from '../storage/writes/index.js';
import { createHash } from 'node:crypto';
import type { RelayContext } from '../flows/context.js';
import { jobRecord } from '../domain/job.js';
import type { JobRecord } from '../domain/job.js';
import { lastRunAtOrBefore, nextRunAtOrAfter } from './next-run.js';
import type { Firing, OccurrenceRecord, ScheduleRecord } from '../domain/schedules.js';

/** Skipped runs recorded per firing at most: a schedule every second down for a day skips 86,400. */
export const MAX_SKIPPED_RECORDED = 100;

export const SCHEDULE_CHARGE_JOB = 'schedule-charge';

/**
 * An occurrence's id, from its schedule and time: the same run always has the same id, which is
 * also the idempotency key of its payment.
 */
export function occurrenceId(scheduleId: string, scheduledAt: number): string {
  return createHash('sha256').update(`${scheduleId}@${scheduledAt}`).digest('hex').slice(0, 32);
}

function occurrence(s: ScheduleRecord, scheduledAt: number, status: 'due' | 'skipped', now: number): OccurrenceRecord {
  return { id: occurrenceId(s.id, scheduledAt), scheduleId: s.id, entityId: s.entityId, scheduledAt, status, paymentId: null, resultCode: null, createdAt: now, updatedAt: now };
}

/**
 * What firing `s` at `now` writes: the latest due run fires, older missed ones are skipped. With
 * `each` (a test clock stepping through time) only the oldest due run fires and nothing is
 * skipped; the next one is due at once if it is due too.
 */
export function planFiring(s: ScheduleRecord, now: number, catchUp: 'latest' | 'each' = 'latest'): Firing {
  const from = s.nextRunAt ?? now;
  const job = { expression: s.expression, startAt: s.startAt, endAt: s.endAt };
  const following = nextRunAtOrAfter(job, from + 1000, s.timeZone);
  // `each` fires the oldest due run alone; so does the common case, a schedule fired on time: its
  // next run is still to come, nothing was missed.
  if (catchUp === 'each' || following === null || following > now) {
    return { scheduleId: s.id, from, nextRunAt: following, status: following === null ? 'ended' : 'active', occurrences: [occurrence(s, from, 'due', now)] };
  }
  const latest = Math.max(from, lastRunAtOrBefore(job, now, s.timeZone) ?? from);
  const skipped: number[] = [];
  for (let at: number | null = from; at !== null && at < latest; at = nextRunAtOrAfter(job, at + 1000, s.timeZone)) {
    skipped.push(at);
    if (skipped.length > MAX_SKIPPED_RECORDED) skipped.shift();
  }
  // Runs are whole seconds: the next one is at or after the second that follows both.
  const next = nextRunAtOrAfter(job, Math.floor(Math.max(latest, now) / 1000) * 1000 + 1000, s.timeZone);
  return {
    scheduleId: s.id,
    from,
    nextRunAt: next,
    status: next === null ? 'ended' : 'active',
    occurrences: [...skipped.map((at) => occurrence(s, at, 'skipped', now)), occurrence(s, latest, 'due', now)],
  };
}

export const SCHEDULES_DUE_JOB = 'schedules-due';

/**
 * Firing jobs per due second. Each fires whatever is due when it runs, in batches; several let
 * several relays fire a crowded second together (disjoint batches, SKIP LOCKED).
 */
export const FIRE_SHARDS = 2;

/**
 * The jobs that fire the schedules due at `times`: one set per second, however many schedules
 * share it (the unique key), so a schedule's creation or firing queues its next firing with it.
 */
export function fireJobs(ctx: RelayContext, times: readonly number[], now: number): JobRecord[] {
  return [...new Set(times)].flatMap((at) =>
    Array.from({ length: FIRE_SHARDS }, (_, shard) => jobRecord({ kind: SCHEDULES_DUE_JOB, payload: { at }, runAt: at, uniqueKey: `${SCHEDULES_DUE_JOB}@${at}/${shard}` }, now, ctx.config.jobs.maxAttempts)),
  );
}

/** One occurrence's charge job, keyed by the occurrence: queued once. */
export function chargeJob(ctx: RelayContext, occurrenceId: string, runAt: number, now: number): JobRecord {
  return jobRecord({ kind: SCHEDULE_CHARGE_JOB, payload: { occurrenceId }, runAt, uniqueKey: `${SCHEDULE_CHARGE_JOB}:${occurrenceId}` }, now, ctx.config.jobs.maxAttempts);
}

export const SCHEDULE_CHARGES_JOB = 'schedule-charges';

/**
 * Occurrences per charges job. A job costs the database about as much as a charge (its row is
 * written, claimed and marked done, each with its indexes), so the occurrences of a firing are
 * charged a few to a job; few enough that a job ends well within its lease, and that a relay
 * killed mid-work leaves little waiting for its leases to run out (what a job holds and has not
 * started is charged only then).
 */
export const CHARGES_PER_JOB = 5;

/**
 * The charge jobs of the due occurrences: CHARGES_PER_JOB to a job, each keyed by its first
 * occurrence (an occurrence is written, and so queued, once).
 */
export function chargeJobs(ctx: RelayContext, due: readonly OccurrenceRecord[], now: number): JobRecord[] {
  const jobs: JobRecord[] = [];
  for (let i = 0; i < due.length; i += CHARGES_PER_JOB) {
    const occurrenceIds = due.slice(i, i + CHARGES_PER_JOB).map((o) => o.id);
    jobs.push(jobRecord({ kind: SCHEDULE_CHARGES_JOB, payload: { occurrenceIds }, runAt: now, uniqueKey: `${SCHEDULE_CHARGES_JOB}:${occurrenceIds[0]}` }, now, ctx.config.jobs.maxAttempts));
  }
  return jobs;
}

/**
 * The plan, or the schedule's end when its expression can no longer be read (a stored expression
 * this version of the library refuses): one such schedule must not hold up the batch it is in.
 */
function planOrEnd(s: ScheduleRecord, now: number, catchUp: 'latest' | 'each' | undefined): Firing {
  try {
    return planFiring(s, now, catchUp);
  } catch {
    return { scheduleId: s.id, from: s.nextRunAt ?? now, nextRunAt: null, status: 'ended', occurrences: [] };
  }
}

/** Schedules fired per transaction. */
export const FIRE_BATCH = 200;

/**
 * Fires every schedule due at `now` (of one entity, for its test clock), batch by batch, until none
 * is left or `maxBatches` ran; the due occurrences written.
 */
export async function fireDue(ctx: RelayContext, now: number, options: { entityId?: string; maxBatches?: number; catchUp?: 'latest' | 'each' } = {}): Promise<OccurrenceRecord[]> {
  const written: OccurrenceRecord[] = [];
  const at = ctx.clock.now();
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    const { found, due } = await writeDueFirings(ctx.store, now, FIRE_BATCH, (s) => planOrEnd(s, now, options.catchUp), (w) => [...chargeJobs(ctx, w.due, at), ...fireJobs(ctx, w.nextRunAts, at)], options.entityId);
    written.push(...due);
    for (const o of due) if (o.status === 'due') ctx.metrics.scheduleFired(Math.max(0, at - o.scheduledAt) / 1000);
    if (found < FIRE_BATCH) break;
  }
  return written;
}
