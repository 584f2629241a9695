// An online copy of an SQLite store, taken while relays keep writing to it. A plain file copy of
// relay.sqlite is not a backup: committed writes may still be in relay.sqlite-wal only, and a copy
// made while a checkpoint writes pages back can hold half of one state and half of the next.
// SQLite's backup API reads the database, WAL included, as one snapshot instead.
//
// The copy is made in one backup step: one read transaction, which in WAL mode never blocks the
// relays' writes. Steps of a few pages each would let every write from another connection
// restart the copy from the first page, so under steady traffic a stepped copy might never end.
//
// The copy is written under a temporary name next to the target, checked, synced, and only then
// linked into place: a backup that fails halfway leaves no file that looks like a backup, and an
// existing file is never overwritten.

import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BUSY_TIMEOUT_MS } from './sqlite.js';

/** The most pages one backup step may copy (better-sqlite3 takes a 32-bit count): the whole file. */
const ALL_PAGES = 0x7fffffff;

export interface SqliteBackup {
  /** The backup file, as given. */
  file: string;
  bytes: number;
  pages: number;
  /** SQLite's quick_check of the copy: 'ok'. */
  check: 'ok';
}

/** The target exists already: a backup never replaces a file. */
export class BackupTargetExistsError extends Error {}

/**
 * Copies the SQLite database `source` to `target` (a new file) while other connections may write
 * to it. The copy is a single self-contained file (rollback journal, no WAL beside it) whose
 * quick_check passed.
 */
export async function backupSqliteFile(source: string, target: string): Promise<SqliteBackup> {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.partial`);
  try {
    // Read-only: the backup never writes to the store, and never checkpoints its WAL.
    const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
    try {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      await db.backup(temp, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    const pages = settle(temp);
    syncFile(temp);
    try {
      linkSync(temp, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupTargetExistsError(`${target} exists already; a backup never replaces a file`);
      throw err;
    }
    syncFile(dirname(target));
    return { file: target, bytes: statSync(target).size, pages, check: 'ok' };
  } finally {
    for (const leftover of [temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`]) rmSync(leftover, { force: true });
  }
}

/**
 * Makes the copy one file (the backup carries the source's WAL mode in its header; a rollback
 * journal leaves nothing beside it once closed) and checks it. Returns its page count.
 */
function settle(file: string): number {
  const copy = new BetterSqlite3(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the backup copy failed its check: ${String(check)}`);
    return Number(copy.pragma('page_count', { simple: true }));
  } finally {
    copy.close();
  }
}

/** Flushes a file (or a folder's entries) to disk: a backup lost in a power cut is no backup. */
function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
