// Group commit for the embedded store. Each SQLite commit appends a commit frame to the WAL and costs
// write system calls on the event loop's thread (better-sqlite3 is synchronous). Inserts that
// arrive in the same turn of the event loop are therefore written in one transaction and share one
// commit and one WAL sync (wal-sync.ts); each caller's promise settles only after both, so an
// acknowledged write is still durable.

import type { CompiledQuery } from 'kysely';

/**
 * Writes compiled statements in one transaction: all of them, or none and a rejection. The SQLite
 * connection provides it (sqlite.ts, sqliteBatchWriter).
 */
export type BatchWriter = (writes: readonly CompiledQuery[]) => Promise<void>;

interface Pending {
  /** One caller's statements: in the same transaction, whatever else the group holds. */
  writes: readonly CompiledQuery[];
  resolve(): void;
  reject(error: unknown): void;
}

export class GroupCommit {
  readonly #writeBatch: BatchWriter;
  #queue: Pending[] = [];
  #scheduled = false;

  constructor(writeBatch: BatchWriter) {
    this.#writeBatch = writeBatch;
  }

  /** Runs `writes` in the next group's transaction; settles once that transaction committed. */
  run(...writes: CompiledQuery[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
      await this.#writeBatch(group.flatMap((p) => p.writes));
      for (const p of group) p.resolve();
    } catch (error) {
      if (group.length === 1) return group[0]?.reject(error);
      // One write failed and the group rolled back: write each alone, so only that one fails.
      for (const p of group) {
        try {
          await this.#writeBatch(p.writes);
          p.resolve();
        } catch (alone) {
          p.reject(alone);
        }
      }
    }
  }
}
