// Durable commits without stopping the event loop. better-sqlite3 runs on the event loop's thread,
// so with synchronous=FULL every commit's fsync (0.2 ms to several ms) stalls every request in
// flight. Instead SQLite runs with synchronous=NORMAL in WAL mode (it writes the WAL on commit but
// does not sync it) and this class syncs the WAL file from libuv's thread pool after each write;
// the store acknowledges a write only once a sync that started after it has finished. An
// acknowledged write is therefore on disk exactly as with FULL (fsync flushes the file, whichever
// descriptor asks), while the event loop goes on serving other requests, and concurrent writers
// share one sync.
//
// The sync is fdatasync, as SQLite's own on Linux: it flushes the data and whatever metadata
// reading it back needs (the file's size when it grew), not the modification time. A rewound WAL
// is rewritten in place, so a full fsync would commit the filesystem journal for a timestamp on
// every group: measured, that was a tenth of a payment's CPU time on this machine.
//
// Under load the syncs run back to back, and each one costs the machine more than the writes it
// covers: the next sync therefore gathers for SYNC_GATHER_MS after the running one ends before it
// starts, so more writes share it (PostgreSQL's commit_delay does the same). A write that finds no
// sync running is synced at once, so a relay that is not busy adds no wait. Measured with
// bench:relay on this kind of machine: half as many syncs, and about a twelfth less server time
// per payment, for about 2 ms more on a payment's answer under load.
//
// A sync that fails rejects its waiters: their writes may not be durable, so they must not be
// acknowledged. The WAL file keeps its inode for the life of the connection (SQLite rewinds it
// after a checkpoint rather than replacing it), so one descriptor serves throughout.

import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What the SQLite driver waits on after a write: WalSync, or a stand-in in tests. */
export interface Durability {
  /** Resolves once everything written before this call is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** Flushes one open file to disk. */
export type SyncFile = (handle: FileHandle) => Promise<void>;

/** How long a sync that follows a running one waits for more writes to share it, milliseconds. */
export const SYNC_GATHER_MS = 2;

/** The wait before a sync that follows a running one (a stand-in in tests). */
export type Gather = () => Promise<void>;

const gatherFor = (ms: number): Gather => () => new Promise((resolve) => setTimeout(resolve, ms));

export class WalSync implements Durability {
  readonly #walFile: string;
  readonly #syncFile: SyncFile;
  #handle: Promise<FileHandle> | undefined;
  /** The sync in progress, if any. */
  #running: Promise<void> | null = null;
  /** The sync that will start once the running one ends; writers that came during it wait for it. */
  #next: Promise<void> | null = null;
  /** Whether the folder entry of the WAL file was synced (once, like SQLite does for a new file). */
  #folderSynced = false;
  readonly #gather: Gather;

  constructor(databaseFile: string, syncFile: SyncFile = (handle) => handle.datasync(), gather: Gather = gatherFor(SYNC_GATHER_MS)) {
    this.#walFile = `${databaseFile}-wal`;
    this.#syncFile = syncFile;
    this.#gather = gather;
  }

  /** Resolves once everything written to the WAL before this call is on disk. */
  sync(): Promise<void> {
    // A sync gathering writes has not started yet: it covers this one too.
    if (this.#next !== null) return this.#next;
    if (this.#running === null) return this.#start();
    // The running sync may have started before the caller's write reached the file. The next one
    // gathers the writes that come meanwhile, then starts.
    this.#next = this.#running
      .catch(() => undefined)
      .then(this.#gather)
      .then(() => {
        this.#next = null;
        return this.#running ?? this.#start();
      });
    return this.#next;
  }

  /** Waits for syncs in progress, then lets the descriptor go. */
  async close(): Promise<void> {
    await (this.#next ?? this.#running)?.catch(() => undefined);
    const handle = this.#handle;
    this.#handle = undefined;
    if (handle) await (await handle).close();
  }

  #start(): Promise<void> {
    const run = this.#syncOnce().finally(() => {
      if (this.#running === run) this.#running = null;
    });
    this.#running = run;
    return run;
  }

  async #syncOnce(): Promise<void> {
    this.#handle ??= open(this.#walFile, 'r+');
    let handle: FileHandle;
    try {
      handle = await this.#handle;
    } catch (error) {
      this.#handle = undefined;
      throw error;
    }
    await this.#syncFile(handle);
    if (!this.#folderSynced) {
      await syncFolder(dirname(this.#walFile));
      this.#folderSynced = true;
    }
  }
}

/** Makes a new file's entry in its folder durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
