// Checkpoints off the event loop. SQLite copies its WAL back into the database file (a checkpoint)
// on the connection whose commit takes the WAL past wal_autocheckpoint pages, inside that commit:
// with better-sqlite3 on the relay's event loop, every request waits while the pages are copied
// and both files are synced. Measured with bench:relay on this kind of machine, those checkpoints
// cost about 7 µs per payment, and the answers that waited for them showed in p99.
//
// So the relay's connection never checkpoints, and a worker thread with a connection of its own
// runs a PASSIVE checkpoint every CHECKPOINT_INTERVAL_MS: it copies what no reader still needs and
// never waits for a reader or the writer, and the writer rewinds the WAL once it has all been
// copied, as after any checkpoint. If the thread stops (it cannot open the file, a checkpoint
// fails), the relay's connection checkpoints by itself again, so the WAL never grows unbounded.

import type BetterSqlite3 from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

/** How often the thread checkpoints, milliseconds. */
export const CHECKPOINT_INTERVAL_MS = 100;

/** SQLite's own default, which the relay's connection goes back to if the thread stops. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1_000;

export interface WalCheckpointer {
  /** Stops the thread and closes its connection; resolves once it has exited. */
  stop(): Promise<void>;
}

export function checkpointInWorker(db: BetterSqlite3.Database, file: string, options: { intervalMs?: number; busyTimeoutMs: number }): WalCheckpointer {
  db.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./wal-checkpoint-worker.cjs', import.meta.url), {
    workerData: { file, intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS, busyTimeoutMs: options.busyTimeoutMs },
  });
  // The thread never keeps a process alive: a process that exits without closing its store loses
  // nothing (the WAL is checkpointed by whichever connection opens the file next).
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const checkpointHere = () => {
    if (!stopping && db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  };
  // An error ends the thread; its exit follows.
  worker.on('error', checkpointHere);
  void exited.then(checkpointHere);
  return {
    stop: async () => {
      stopping = true;
      // Held again while it stops: a process whose last work is closing its store (the CLI) would
      // otherwise exit with this wait unfinished.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
