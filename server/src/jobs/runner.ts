// The jobs runner, one in every relay process. It claims due jobs with a lease (storage/jobs.ts),
// runs each through the handler of its kind, then marks it done, or queues the retry with a
// doubling delay, or after its last try keeps it as failed with its error: a job is never dropped.
// A relay that dies mid-job leaves its lease to run out; another runner (or the same relay
// restarted, which takes back its own leases at once) claims the job again. Handlers are therefore
// written to be safe when run twice.
//
// Time for due dates, leases and retries comes from the injected clock; only the pause between
// polls is a real timer. Tests call runDue() and move the clock instead of waiting.

import type { Clock } from '../domain/clock.js';
import type { JobsConfig } from '../process/config.js';
import type { Store } from '../storage/store.js';
import { jobRecord, retryDelay, type JobRecord, type NewJob } from './job.js';

/** A job whose payload can never be handled: it fails at once, with no retry. */
export class PermanentJobError extends Error {}

export interface JobContext {
  /** The job as claimed: its id, kind, tries so far. */
  job: JobRecord;
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
}

export interface RunnerOptions {
  store: Store;
  clock: Clock;
  /** This relay's id: the lease owner. */
  owner: string;
  config: JobsConfig;
  handlers: ReadonlyMap<string, JobHandler>;
  periodic?: readonly PeriodicJob[];
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

  constructor(options: RunnerOptions) {
    this.#o = options;
  }

  /** Queues a job outside any other write (flows queue theirs with their state change). */
  enqueue(job: NewJob): Promise<void> {
    return this.#o.store.enqueueJobs([jobRecord(job, this.#o.clock.now(), this.#o.config.maxAttempts)]);
  }

  /**
   * Starts polling. First takes back the jobs this relay held before a restart: the process that
   * leased them is gone, and nobody else may claim them until their leases run out.
   */
  async start(log: RunnerLog): Promise<void> {
    this.#log = log;
    // Their tries count: one of them may be what killed the process.
    const released = await this.#o.store.releaseJobs(this.#o.owner, this.#o.clock.now(), true);
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
      this.#round = this.#loopOnce();
    }, delayMs);
    this.#timer.unref();
  }

  async #loopOnce(): Promise<void> {
    let next = this.#o.config.pollMs;
    try {
      const result = await this.runDue();
      // A full batch means more may be due: go on at once.
      if (result.claimed >= this.#o.config.batchSize) next = 0;
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
    this.#schedule(next);
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
    const jobs = await store.claimJobs(owner, now, now + config.leaseMs, config.batchSize);
    const result: RoundResult = { claimed: jobs.length, done: 0, retried: 0, failed: 0 };
    const done: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        const error = await this.#run(job);
        if (error === undefined) done.push(job.id);
        else if (await this.#recordFailure(job, error)) result.failed++;
        else result.retried++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(config.concurrency, jobs.length) }, worker));
    // One statement for the whole batch: at thousands of jobs a second, one UPDATE per job would
    // be most of the cost.
    result.done = await store.completeJobs(owner, done, clock.now());
    return result;
  }

  /** Runs the handler; the error of a failed try, or undefined. */
  async #run(job: JobRecord): Promise<Error | undefined> {
    const handler = this.#o.handlers.get(job.kind);
    if (!handler) return new PermanentJobError(`no handler for job kind ${JSON.stringify(job.kind)}`);
    if (job.attempts > job.maxAttempts) return new PermanentJobError(`its lease ran out on the last of ${job.maxAttempts} tries`);
    let payload: unknown;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      return new PermanentJobError('its payload is not JSON');
    }
    try {
      await handler(payload, { job, log: this.#log });
      return undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  /** Queues the retry, or keeps the job as failed; true when it failed for good. */
  async #recordFailure(job: JobRecord, error: Error): Promise<boolean> {
    const { store, clock, owner, config } = this.#o;
    const log = this.#log;
    const now = clock.now();
    const last = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    const message = `${error.name}: ${error.message}`;
    if (last) {
      await store.finishJobWithError(owner, job.id, message, { state: 'failed' }, now);
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job failed for good; kept as failed');
      return true;
    }
    const runAt = now + retryDelay(job.attempts, config.retryBaseMs, config.retryMaxMs);
    await store.finishJobWithError(owner, job.id, message, { state: 'queued', runAt }, now);
    log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, retryAt: runAt, error: message }, 'job failed; retry queued');
    return false;
  }

  /**
   * Stops polling, lets the round under way finish (its jobs end as done, retried or failed), then
   * hands back anything still leased to this relay.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#round.catch(() => undefined);
    if (this.#started) await this.#o.store.releaseJobs(this.#o.owner, this.#o.clock.now(), false).catch(() => 0);
  }
}
