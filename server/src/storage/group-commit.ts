// Group commit. Writes that arrive in the same turn of the event loop are written in one transaction:
// on SQLite each commit appends a commit frame to the WAL and costs write system calls on the event
// loop's thread (better-sqlite3 is synchronous), so the group shares one commit and one WAL sync
// (wal-sync.ts); on PostgreSQL each statement sent alone costs a round trip, so the group goes as
// one query (pg-batch.ts). Each caller's promise settles only after the commit, so an acknowledged
// write is still durable.

import type { CompiledQuery } from 'kysely';

/**
 * Writes compiled statements in one transaction: all of them, or none and a rejection; answers
 * the rows each statement changed. The database's connection provides it (sqliteBatchWriter,
 * postgresBatch).
 */
export type BatchWriter = (writes: readonly CompiledQuery[]) => Promise<number[]>;

interface Pending {
  /** One caller's statements: in the same transaction, whatever else the group holds. */
  writes: readonly CompiledQuery[];
  /** The rows each of its statements changed. */
  resolve(changed: number[]): void;
  reject(error: unknown): void;
}

export class GroupCommit {
  readonly #writeBatch: BatchWriter;
  #queue: Pending[] = [];
  #scheduled = false;

  constructor(writeBatch: BatchWriter) {
    this.#writeBatch = writeBatch;
  }

  /**
   * Runs `writes` in the next group's transaction; settles once that transaction committed, with
   * the rows each of them changed.
   */
  run(...writes: CompiledQuery[]): Promise<number[]> {
    return new Promise<number[]>((resolve, reject) => {
      this.#queue.push({ writes, resolve, reject });
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
      const changed = await this.#writeBatch(group.flatMap((p) => p.writes));
      let at = 0;
      for (const p of group) {
        p.resolve(changed.slice(at, at + p.writes.length));
        at += p.writes.length;
      }
    } catch (error) {
      if (group.length === 1) return group[0]?.reject(error);
      // One write failed and the group rolled back: write each alone, so only that one fails.
      for (const p of group) {
        try {
          p.resolve(await this.#writeBatch(p.writes));
        } catch (alone) {
          p.reject(alone);
        }
      }
    }
  }
}
