// Group commit. Writes that arrive in the same turn of the event loop are written in one transaction:
// on SQLite each commit appends a commit frame to the WAL and costs write system calls on the event
// loop's thread (better-sqlite3 is synchronous), so the group shares one commit and one WAL sync
// (wal-sync.ts); on PostgreSQL each statement sent alone costs a round trip, so the group goes in
// one round trip (pg-batch.ts). Each caller's promise settles only after the commit, so an acknowledged
// write is still durable. Reads that arrive in one turn go together the same way on PostgreSQL,
// in one round trip instead of one each.
//
// A group that fails with an error of the statements themselves (a guard, a constraint) was rolled
// back, and each caller's statements run again alone, so that only the one at fault fails. A group
// that fails because the database could not be reached or did not answer in time is not run again:
// whether it committed is not known (a server waiting on a lock commits after the client gave up),
// so every caller gets that error, as it would have alone.

import type { CompiledQuery } from 'kysely';
import { isDatabaseOutage } from './outage.js';

/**
 * Writes compiled statements in one transaction: all of them, or none and a rejection; answers
 * the rows each statement changed. The database's connection provides it (sqliteBatchWriter,
 * postgresBatch).
 */
export type BatchWriter = BatchRunner<number>;

/** Reads asked together: the rows of each, in order (pg-batch.ts, readBatch). */
export type BatchReader = BatchRunner<unknown[]>;

/** Runs statements together; answers one result each (rows changed, or rows read). */
export type BatchRunner<R> = (statements: readonly CompiledQuery[]) => Promise<R[]>;

interface Pending<R> {
  /** One caller's statements: in the same transaction, whatever else the group holds. */
  statements: readonly CompiledQuery[];
  /** The result of each of its statements. */
  resolve(results: R[]): void;
  reject(error: unknown): void;
}

/** `R`: what each statement answers (the rows a write changed, by default). */
export class GroupCommit<R = number> {
  readonly #runBatch: BatchRunner<R>;
  #queue: Pending<R>[] = [];
  #scheduled = false;

  constructor(runBatch: BatchRunner<R>) {
    this.#runBatch = runBatch;
  }

  /**
   * Runs `statements` in the next group's transaction; settles once that transaction committed,
   * with the result of each of them.
   */
  run(...statements: CompiledQuery[]): Promise<R[]> {
    return new Promise<R[]>((resolve, reject) => {
      this.#queue.push({ statements, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // After the I/O phase: every request read in this turn has queued its insert by then.
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    const group = this.#queue;
    this.#queue = [];
    this.#scheduled = false;
    try {
      const results = await this.#runBatch(group.flatMap((p) => p.statements));
      let at = 0;
      for (const p of group) {
        p.resolve(results.slice(at, at + p.statements.length));
        at += p.statements.length;
      }
    } catch (error) {
      if (group.length === 1 || isDatabaseOutage(error)) {
        for (const p of group) p.reject(error);
        return;
      }
      // One statement failed and the group rolled back: run each caller's alone, so only that one fails.
      for (const p of group) {
        try {
          p.resolve(await this.#runBatch(p.statements));
        } catch (alone) {
          p.reject(alone);
        }
      }
    }
  }
}
