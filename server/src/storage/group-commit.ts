// Group commit for the embedded store. Each SQLite commit appends a commit frame to the WAL and costs
// a write system call on the event loop's thread (better-sqlite3 is synchronous). Inserts that
// arrive in the same turn of the event loop are therefore written in one transaction and share one
// commit and one WAL sync (wal-sync.ts); each caller's promise settles only after both, so an
// acknowledged write is still durable.

import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Write = (db: Kysely<Database> | Transaction<Database>) => Promise<unknown>;

interface Pending {
  write: Write;
  resolve(): void;
  reject(error: unknown): void;
}

export class GroupCommit {
  readonly #db: Kysely<Database>;
  #queue: Pending[] = [];
  #scheduled = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Runs `write` in the next group's transaction; settles once that transaction committed. */
  run(write: Write): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ write, resolve, reject });
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
    if (group.length === 1) return this.#alone(group[0] as Pending);
    try {
      await this.#db.transaction().execute(async (trx) => {
        for (const p of group) await p.write(trx);
      });
      for (const p of group) p.resolve();
    } catch {
      // One write failed and the group rolled back: write each alone, so only that one fails.
      for (const p of group) await this.#alone(p);
    }
  }

  async #alone(p: Pending): Promise<void> {
    try {
      await p.write(this.#db);
      p.resolve();
    } catch (error) {
      p.reject(error);
    }
  }
}
