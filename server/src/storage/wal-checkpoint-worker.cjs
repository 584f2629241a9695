// @ts-check
// The thread that checkpoints an SQLite WAL for the relay (wal-checkpointer.ts). Plain JavaScript:
// a worker thread starts without the TypeScript loader the relay and its tests run under.
'use strict';

const { parentPort, workerData } = require('node:worker_threads');
const BetterSqlite3 = require('better-sqlite3');

/** @type {{ file: string; intervalMs: number; busyTimeoutMs: number }} */
const { file, intervalMs, busyTimeoutMs } = workerData;
const db = new BetterSqlite3(file);
// As the relay's own connection: SQLite syncs the WAL before a checkpoint copies it and the
// database file after (synchronous is a setting of each connection).
db.pragma('synchronous = NORMAL');
db.pragma(`busy_timeout = ${busyTimeoutMs}`);

// PASSIVE: copies what no reader still needs, and never waits for a reader or the writer. Another
// process's checkpoint under way (SQLITE_BUSY) is left to finish; any other error ends the thread,
// and the relay's connection then checkpoints by itself (wal-checkpointer.ts).
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY')) throw error;
  }
}, intervalMs);

parentPort?.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
