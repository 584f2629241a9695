// The jobs runner, one in every relay process. It claims due jobs with a lease (storage/jobs.ts),
// runs each through the handler of its kind, then marks it done, or queues the retry with a
// doubling delay, or after its last try keeps it as failed with its error: a job is never dropped.
// A relay that dies mid-job leaves its lease to run out; another runner (or the same relay
// restarted, which takes back its own leases at once) claims the job again. Handlers are therefore
// written to be safe when run twice.
//
// Time for due dates, leases and retries comes from the injected clock; only the pause between
// polls is a real timer. Tests call runDue() and move the clock instead of waiting.

import { performance } from 'node:perf_hooks';
import type { Clock } from '../domain/clock.js';
import type { JobsConfig } from '../config/config.js';
import type { Store } from '../storage/store.js';
import { jobRecord, retryDelay, type JobRecord, type NewJob } from '../domain/job.js';
import { logForRequest } from './job-log.js';
import { NO_METRICS, type RelayMetrics } from '../domain/metrics.js';
import { ApiError } from '../domain/errors.js';

/** A job whose payload can never be handled: it fails at once, with no retry. */
export class PermanentJobError extends Error {}

/** The id a job's payload names under `key`; a payload without one can never run (permanent). */
export function payloadId(payload: unknown, key: string, kind: string): string {
  const id = (payload as Record<string, unknown> | null)?.[key];
  if (typeof id !== 'string' || id === '') throw new PermanentJobError(`a ${kind} job names no ${key}`);
  return id;
}

/**
 * Thrown by a handler that keeps its own retry schedule (a webhook delivery follows its ladder, or
 * waits for its endpoint's turn): the job is queued again for `runAt`, as planned, not as a failure.
 */
export class RetryJobAt extends Error {
  constructor(
    readonly runAt: number,
    reason: string,
  ) {
    super(reason);
  }
}

export interface JobContext {
  /** The job as claimed: its id, kind, tries so far, the request that queued it. */
  job: JobRecord;
  /** The runner's log, under the id of the request that queued the job (job-log.ts). */
  log: RunnerLog;
}

/** Runs one job; throws to fail the try. Must be safe to run twice for the same job. */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** A job queued again and again on a fixed period, once per period across every relay. */
export interface PeriodicJob {
  kind: string;
  everyMs: number;
}

export interface RunnerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  /** A line only a debugging operator wants (each job run). */
  debug?(obj: object, msg: string): void;
}

export interface RunnerOptions {
  store: Store;
  clock: Clock;
  /** This relay's id: the lease owner. */
  owner: string;
  config: JobsConfig;
  handlers: ReadonlyMap<string, JobHandler>;
  periodic?: readonly PeriodicJob[];
  /** Job groups this relay has no room for right now (endpoints at their delivery limit): not claimed. */
  busyGroups?: () => readonly string[];
  /**
   * Jobs of one group (the deliveries to one endpoint) this runner holds at most: a claim takes no
   * more than this of a group, and none of a group it already holds this many of. Undefined: no cap.
   */
  groupLimit?: number;
  /** Where runs, outcomes and lease take-overs are reported; none by default. */
  metrics?: RelayMetrics;
}

const silent: RunnerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What one round did. */
export interface RoundResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

export class JobRunner {
  readonly #o: RunnerOptions;
  /** The process's logger once started; tests that call runDue() alone log nothing. */
  #log: RunnerLog = silent;
  #timer: NodeJS.Timeout | undefined;
  #stopping = false;
  #round: Promise<unknown> = Promise.resolve();
  /** When the loop last finished a round (clock time of the process, for /ready). */
  #lastRoundAt = 0;
  #started = false;
  /** The period slot each periodic job was last queued for by this process. */
  readonly #queuedSlots = new Map<string, number>();
  /** Outage logging: one line when the store fails, one when it is back. */
  #failing = false;
  /** Jobs started by the loop and not finished yet: one slot each. */
  readonly #inFlight = new Set<Promise<void>>();
  /** Jobs finished and not yet marked done. */
  #done: string[] = [];
  #flushing: NodeJS.Immediate | undefined;
  /** Jobs of each group started by the loop and not finished yet. */
  readonly #heldByGroup = new Map<string, number>();
  /** Groups left out of a claim for want of room: when one of their jobs ends, claim again at once. */
  readonly #deferredGroups = new Set<string>();
  /** The flush under way, for stop() to wait for. */
  #flushed: Promise<void> = Promise.resolve();
  #looping = false;
  #wakeRequested = false;
  /** The last claim took all it asked for: more jobs are probably due. */
  #backlog = false;

  readonly #metrics: RelayMetrics;

  constructor(options: RunnerOptions) {
    this.#o = options;
    this.#metrics = options.metrics ?? NO_METRICS;
  }

  /** Queues a job outside any other write (flows queue theirs with their state change). */
  enqueue(job: NewJob): Promise<void> {
    return this.#o.store.jobs.enqueue([jobRecord(job, this.#o.clock.now(), this.#o.config.maxAttempts)]);
  }

  /** Where runDue() logs without start() (tests that run rounds themselves and read the log). */
  logTo(log: RunnerLog): void {
    this.#log = log;
  }

  /**
   * Starts polling. First takes back the jobs this relay held before a restart: the process that
   * leased them is gone, and nobody else may claim them until their leases run out.
   */
  async start(log: RunnerLog): Promise<void> {
    this.#log = log;
    // Their tries count: one of them may be what killed the process.
    const released = await this.#o.store.jobs.release(this.#o.owner, this.#o.clock.now(), true);
    if (released > 0) this.#log.info({ released }, 'jobs held before a restart are queued again');
    this.#started = true;
    this.#lastRoundAt = Date.now();
    this.#schedule(0);
  }

  /** True while the loop keeps finishing rounds (a stuck or stopped runner is not alive). */
  alive(): boolean {
    if (!this.#started || this.#stopping) return false;
    return Date.now() - this.#lastRoundAt < Math.max(30_000, this.#o.config.pollMs * 20);
  }

  #schedule(delayMs: number): void {
    if (this.#stopping) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#round = this.#loopOnce();
    }, delayMs);
    this.#timer.unref();
  }

  /** Claims again at once: slots are free and more jobs may be due. */
  #wake(): void {
    if (this.#stopping) return;
    if (this.#looping) {
      this.#wakeRequested = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#schedule(0);
  }

  /**
   * One turn of the loop: claims as many due jobs as there are free slots and starts them, without
   * waiting for them. A slow job (a webhook receiver that takes its whole timeout) holds its own
   * slot only; every other job goes on through the free ones.
   */
  async #loopOnce(): Promise<void> {
    this.#looping = true;
    let next = this.#o.config.pollMs;
    try {
      const free = this.#o.config.concurrency - this.#inFlight.size;
      if (free > 0) {
        const { store, clock, owner, config } = this.#o;
        const now = clock.now();
        await this.#queuePeriodic(now);
        const want = Math.min(config.batchSize, free);
        const skip = this.#fullGroups();
        for (const group of skip) this.#deferredGroups.add(group);
        const jobs = await store.jobs.claim(owner, now, now + config.leaseMs, want, { skip, ...(this.#o.groupLimit !== undefined ? { perGroup: this.#o.groupLimit } : {}) });
        for (const job of jobs) this.#start(job);
        this.#deferCapped(jobs);
        // A full claim means more may be due: claim again as soon as slots free up.
        this.#backlog = jobs.length >= want;
        if (this.#backlog && this.#inFlight.size < config.concurrency) next = 0;
      } else {
        this.#backlog = true;
      }
      if (this.#failing) {
        this.#failing = false;
        this.#log.info({}, 'jobs runner reaches the store again');
      }
    } catch (error) {
      if (!this.#failing) {
        this.#failing = true;
        this.#log.error({ err: error }, 'jobs runner cannot reach the store; retrying');
      }
    }
    this.#lastRoundAt = Date.now();
    this.#looping = false;
    if (this.#wakeRequested) next = 0;
    this.#wakeRequested = false;
    this.#schedule(next);
  }

  /** Groups this runner has no room for: as many held as it may, or saturated by their handler. */
  #fullGroups(): string[] {
    const full = new Set(this.#o.busyGroups?.() ?? []);
    const limit = this.#o.groupLimit;
    if (limit !== undefined) for (const [group, held] of this.#heldByGroup) if (held >= limit) full.add(group);
    return [...full];
  }

  /** A group the claim took its whole cap of probably has more due: claim again when it has room. */
  #deferCapped(jobs: readonly JobRecord[]): void {
    const limit = this.#o.groupLimit;
    if (limit === undefined) return;
    const claimed = new Map<string, number>();
    for (const job of jobs) if (job.groupKey !== null) claimed.set(job.groupKey, (claimed.get(job.groupKey) ?? 0) + 1);
    for (const [group, n] of claimed) if (n >= limit) this.#deferredGroups.add(group);
  }

  #hold(group: string | null): void {
    if (group !== null) this.#heldByGroup.set(group, (this.#heldByGroup.get(group) ?? 0) + 1);
  }

  /** Lets go of a finished job's group; true when the group was left out of a claim and has room again. */
  #release(group: string | null): boolean {
    if (group === null) return false;
    const held = (this.#heldByGroup.get(group) ?? 1) - 1;
    if (held <= 0) this.#heldByGroup.delete(group);
    else this.#heldByGroup.set(group, held);
    if (!this.#deferredGroups.has(group) || held >= (this.#o.groupLimit ?? Infinity)) return false;
    this.#deferredGroups.delete(group);
    return true;
  }

  /** Runs one claimed job in its own slot; done ones are marked in batches (#flushDone). */
  #start(job: JobRecord): void {
    this.#hold(job.groupKey);
    const running = (async () => {
      const error = await this.#run(job);
      if (error === undefined) {
        this.#metrics.jobEnded(job.kind, 'done');
        this.#done.push(job.id);
        this.#flushSoon();
      } else {
        await this.#recordFailure(job, error).catch((e: unknown) => this.#log.error({ err: e, jobId: job.id }, 'could not record a failed try; its lease will run out'));
      }
    })();
    this.#inFlight.add(running);
    void running.finally(() => {
      this.#inFlight.delete(running);
      const roomAgain = this.#release(job.groupKey);
      // Half the slots free and jobs waiting, or room again for a group that was left waiting:
      // claim the next batch now rather than at the next poll.
      if (roomAgain || (this.#backlog && this.#inFlight.size <= this.#o.config.concurrency / 2)) this.#wake();
    });
  }

  #flushSoon(): void {
    if (this.#flushing) return;
    this.#flushing = setImmediate(() => {
      this.#flushed = this.#flushDone();
    });
  }

  /** Marks the jobs finished since the last flush as done, in one statement. */
  async #flushDone(): Promise<void> {
    const ids = this.#done;
    this.#done = [];
    try {
      if (ids.length > 0) await this.#o.store.jobs.complete(this.#o.owner, ids, this.#o.clock.now());
    } catch (error) {
      // Their leases run out and they run again: handlers are safe to run twice.
      this.#log.error({ err: error, jobs: ids.length }, 'could not mark jobs done; they will run again');
    } finally {
      this.#flushing = undefined;
      if (this.#done.length > 0) this.#flushSoon();
    }
  }

  /** Queues each periodic job for the current period, once per period across all relays. */
  async #queuePeriodic(now: number): Promise<void> {
    for (const p of this.#o.periodic ?? []) {
      const slot = Math.floor(now / p.everyMs);
      if (this.#queuedSlots.get(p.kind) === slot) continue;
      await this.enqueue({ kind: p.kind, payload: { slot }, runAt: slot * p.everyMs, uniqueKey: `${p.kind}@${slot}`, maxAttempts: 3 });
      this.#queuedSlots.set(p.kind, slot);
    }
  }

  /** One round: queue what is periodic, claim a batch of due jobs, run them, record the outcomes. */
  async runDue(): Promise<RoundResult> {
    const { store, clock, owner, config } = this.#o;
    const now = clock.now();
    await this.#queuePeriodic(now);
    const jobs = await store.jobs.claim(owner, now, now + config.leaseMs, config.batchSize);
    const result: RoundResult = { claimed: jobs.length, done: 0, retried: 0, failed: 0 };
    const done: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        const error = await this.#run(job);
        if (error === undefined) {
          this.#metrics.jobEnded(job.kind, 'done');
          done.push(job.id);
        }
        else if (await this.#recordFailure(job, error)) result.failed++;
        else result.retried++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(config.concurrency, jobs.length) }, worker));
    // One statement for the whole batch: at thousands of jobs a second, one UPDATE per job would
    // be most of the cost.
    result.done = await store.jobs.complete(owner, done, clock.now());
    return result;
  }

  /** Runs the handler; the error of a failed try, or undefined. */
  async #run(job: JobRecord): Promise<Error | undefined> {
    const metrics = this.#metrics;
    if (job.takenOver) metrics.jobLeaseTakenOver(job.kind);
    if (!metrics.enabled) return this.#runHandler(job);
    metrics.jobRunning(job.kind, 1);
    const started = performance.now();
    try {
      return await this.#runHandler(job);
    } finally {
      metrics.jobRunning(job.kind, -1);
      metrics.jobRan(job.kind, (performance.now() - started) / 1000);
    }
  }

  async #runHandler(job: JobRecord): Promise<Error | undefined> {
    const handler = this.#o.handlers.get(job.kind);
    if (!handler) return new PermanentJobError(`no handler for job kind ${JSON.stringify(job.kind)}`);
    if (job.attempts > job.maxAttempts) return new PermanentJobError(`its lease ran out on the last of ${job.maxAttempts} tries`);
    let payload: unknown;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      return new PermanentJobError('its payload is not JSON');
    }
    const log = logForRequest(this.#log, job.requestId);
    try {
      await handler(payload, { job, log });
      log.debug?.({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job done');
      return undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  /** Queues the retry, or keeps the job as failed; true when it failed for good. */
  async #recordFailure(job: JobRecord, error: Error): Promise<boolean> {
    const { store, clock, owner, config } = this.#o;
    const log = logForRequest(this.#log, job.requestId);
    const now = clock.now();
    if (error instanceof RetryJobAt) {
      this.#metrics.jobEnded(job.kind, 'rescheduled');
      await store.jobs.finishWithError(owner, job.id, error.message, { state: 'queued', runAt: error.runAt }, now);
      return false;
    }
    // A try cut short by a database outage tells nothing of the job: it is tried again as soon as a
    // first retry would be, and does not count as one of its tries. A backoff grown from the tries before
    // (a webhook delivery's 29th try: an hour) would leave the job waiting long after the database
    // is back (found by the soak: two deliveries still pending half an hour after a restart).
    const outage = error instanceof ApiError && error.errorName === 'databaseUnavailable';
    const last = !outage && (error instanceof PermanentJobError || job.attempts >= job.maxAttempts);
    const message = `${error.name}: ${error.message}`;
    if (last) {
      this.#metrics.jobEnded(job.kind, 'failed');
      await store.jobs.finishWithError(owner, job.id, message, { state: 'failed' }, now);
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job failed for good; kept as failed');
      return true;
    }
    const runAt = now + (outage ? config.retryBaseMs : retryDelay(job.attempts, config.retryBaseMs, config.retryMaxMs));
    this.#metrics.jobEnded(job.kind, 'retried');
    await store.jobs.finishWithError(owner, job.id, message, { state: 'queued', runAt, ...(outage ? { uncounted: true } : {}) }, now);
    log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, retryAt: runAt, error: message }, 'job failed; retry queued');
    return false;
  }

  /**
   * Stops polling, lets the jobs under way finish (they end as done, retried or failed), then
   * hands back anything still leased to this relay.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#round.catch(() => undefined);
    await Promise.all(this.#inFlight);
    // Whatever finished is marked done before anything still held is handed back.
    await this.#flushed;
    if (this.#flushing) clearImmediate(this.#flushing);
    this.#flushing = undefined;
    await this.#flushDone();
    if (this.#started) await this.#o.store.jobs.release(this.#o.owner, this.#o.clock.now(), false).catch(() => 0);
  }
}
