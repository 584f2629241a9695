// Jobs (jobs/runner.ts): the outbox's rows, claimed with a lease (../jobs.ts). Every job row is
// written by this repository's statements: alone, or in the batch of the write that causes it.

import type { CompiledQuery } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import type { JobRecord, JobState } from '../../domain/job.js';
import { jobBacklog, type JobBacklog } from '../job-backlog.js';
import { DELIVERY_JOB_KIND } from '../webhooks.js';
import { claimJobs, completeJobs, countJobs, enqueueQueries, findJob, findJobByKey, finishJobWithError, purgeFinishedJobs, releaseJobs, type ClaimGroups, type RetryOrFailure } from '../jobs.js';
import type { Scope } from './scope.js';

export interface JobsRepository {
  /** Queues jobs; one whose unique key is taken is skipped. */
  enqueue(jobs: readonly JobRecord[]): Promise<void>;
  /** The same as statements, for a composite write's batch (none for no jobs). */
  enqueueStatements(jobs: readonly JobRecord[]): CompiledQuery[];
  /**
   * Claims up to `limit` jobs that are due (queued with run_at <= now) or whose lease expired, for
   * `owner` until `leaseUntil`, counting a try on each. Two runners never get the same job while
   * its lease runs.
   */
  claim(owner: string, now: EpochMs, leaseUntil: EpochMs, limit: number, groups?: ClaimGroups): Promise<JobRecord[]>;
  /** Marks jobs done, only those still leased to `owner`; returns how many were. */
  complete(owner: string, ids: readonly string[], now: EpochMs): Promise<number>;
  /** A try failed: queued again for `runAt`, or kept as failed; only while leased to `owner`. */
  finishWithError(owner: string, id: string, error: string, next: RetryOrFailure, now: EpochMs): Promise<boolean>;
  /**
   * Every job leased to `owner` goes back to the queue, due now; its try stays counted when it ran
   * (a crash: the relay restarted), and not when the relay stops cleanly before running it.
   */
  release(owner: string, now: EpochMs, tryRan: boolean): Promise<number>;
  find(id: string): Promise<JobRecord | undefined>;
  findByKey(uniqueKey: string): Promise<JobRecord | undefined>;
  count(kind?: string): Promise<Record<JobState, number>>;
  /** Forgets done and failed jobs last changed before `olderThan`. */
  purgeFinished(olderThan: EpochMs): Promise<number>;
  /** What is waiting, for the metrics (job-backlog.ts): bounded queries, each over a partial index. */
  backlog(now: EpochMs, limit: number): Promise<JobBacklog>;
}

export class KyselyJobs implements JobsRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async enqueue(jobs: readonly JobRecord[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.#s.write(this.enqueueStatements(jobs));
  }

  enqueueStatements(jobs: readonly JobRecord[]): CompiledQuery[] {
    return jobs.length === 0 ? [] : enqueueQueries(this.#s.db, jobs);
  }

  claim(owner: string, now: EpochMs, leaseUntil: EpochMs, limit: number, groups?: ClaimGroups): Promise<JobRecord[]> {
    return claimJobs(this.#s.db, this.#s.dialect, owner, now, leaseUntil, limit, groups);
  }

  complete(owner: string, ids: readonly string[], now: EpochMs): Promise<number> {
    return completeJobs(this.#s.db, owner, ids, now);
  }

  finishWithError(owner: string, id: string, error: string, next: RetryOrFailure, now: EpochMs): Promise<boolean> {
    return finishJobWithError(this.#s.db, owner, id, error, next, now);
  }

  release(owner: string, now: EpochMs, tryRan: boolean): Promise<number> {
    return releaseJobs(this.#s.db, owner, now, tryRan);
  }

  find(id: string): Promise<JobRecord | undefined> {
    return findJob(this.#s.db, id);
  }

  findByKey(uniqueKey: string): Promise<JobRecord | undefined> {
    return findJobByKey(this.#s.db, uniqueKey);
  }

  count(kind?: string): Promise<Record<JobState, number>> {
    return countJobs(this.#s.db, kind);
  }

  purgeFinished(olderThan: EpochMs): Promise<number> {
    return purgeFinishedJobs(this.#s.db, olderThan);
  }

  backlog(now: EpochMs, limit: number): Promise<JobBacklog> {
    return jobBacklog(this.#s.db, now, limit, DELIVERY_JOB_KIND);
  }
}
