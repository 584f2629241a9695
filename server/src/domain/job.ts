// A job: work the relay does after it has answered, run by whichever relay's runner claims it
// (jobs/runner.ts). Jobs are written with the state change that causes them (the outbox: the
// composite writes of storage/writes/ take `jobs`), so a committed change always has its work queued and a
// rolled-back one never does.

import { newJobId } from './ids.js';
import type { EpochMs } from './records.js';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** A job as a flow asks for it. */
export interface NewJob {
  kind: string;
  /** Plain data, stored as JSON; the handler checks its shape. */
  payload: unknown;
  /** Not before this moment. */
  runAt: EpochMs;
  /** At most one job ever holds this key: enqueueing it again does nothing. */
  uniqueKey?: string;
  /** Tries before the job is kept as failed; the runner's default when absent. */
  maxAttempts?: number;
  /** A group the runner may have no room for at times (RunnerOptions.busyGroups). */
  groupKey?: string;
  /** The request that caused it (flows pass their context's): the runner logs the job under it. */
  requestId?: string;
}

export interface JobRecord {
  id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  state: JobState;
  runAt: EpochMs;
  /** Tries so far, the one running included. */
  attempts: number;
  maxAttempts: number;
  leaseOwner: string | null;
  leaseUntil: EpochMs | null;
  uniqueKey: string | null;
  groupKey: string | null;
  /** The request that caused it; absent for the relay's own work. */
  requestId?: string;
  lastError: string | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  /** Set on a claim's records that were running under a lease that ran out: taken over (the metrics). */
  takenOver?: true;
}

/** The record a NewJob becomes when it is written. */
export function jobRecord(job: NewJob, now: EpochMs, defaultMaxAttempts: number): JobRecord {
  return {
    id: newJobId(now),
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? null),
    state: 'queued',
    runAt: job.runAt,
    attempts: 0,
    maxAttempts: job.maxAttempts ?? defaultMaxAttempts,
    leaseOwner: null,
    leaseUntil: null,
    uniqueKey: job.uniqueKey ?? null,
    groupKey: job.groupKey ?? null,
    requestId: job.requestId,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** How long the n-th retry waits: doubling from `baseMs`, never more than `maxMs`. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}
