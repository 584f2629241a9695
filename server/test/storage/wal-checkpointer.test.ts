// Checkpoints on a thread of their own (wal-checkpointer.ts): the relay's connection never
// checkpoints while the thread runs, the thread copies the WAL into the database file, and if the
// thread cannot run, the relay's connection checkpoints by itself again.

import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkpointInWorker, type WalCheckpointer } from '../../src/storage/wal-checkpointer.js';
import { openSqliteDb } from '../../src/storage/sqlite.js';

const dirs: string[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function walDatabase(): { db: BetterSqlite3.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pw-ckpt-'));
  dirs.push(dir);
  const file = join(dir, 'relay.sqlite');
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table t (id integer primary key, body text not null)');
  cleanups.push(() => {
    if (db.open) db.close();
  });
  return { db, file };
}

/** Writes about `pages` pages of rows, a commit at a time, as the relay does. */
function write(db: BetterSqlite3.Database, pages: number): void {
  const insert = db.prepare('insert into t (body) values (?)');
  for (let i = 0; i < pages * 2; i++) insert.run('x'.repeat(1_800));
}

describe('the WAL checkpoint thread', () => {
  it('copies the WAL into the database file while the relay connection checkpoints nothing itself', async () => {
    const { db, file } = walDatabase();
    const checkpointer = checkpointInWorker(db, file, { intervalMs: 10, busyTimeoutMs: 5_000 });
    cleanups.push(() => checkpointer.stop());
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    const before = statSync(file).size;
    write(db, 2_000);
    // Past SQLite's own threshold (1,000 pages) the relay's connection would have checkpointed
    // inside a commit; here only the thread does, and the database file grows with what it copies.
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 2_000 * 4_096 * 0.9), { timeout: 10_000, interval: 20 });
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 4_000 });
  });

  it('hands checkpoints back to the relay connection when the thread cannot run', async () => {
    const { db } = walDatabase();
    // The thread cannot open this file: it ends with an error.
    const checkpointer = checkpointInWorker(db, join(tmpdir(), 'pw-no-such-folder', 'relay.sqlite'), { intervalMs: 10, busyTimeoutMs: 5_000 });
    cleanups.push(() => checkpointer.stop());
    await vi.waitFor(() => expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000), { timeout: 10_000, interval: 20 });
  });

  it('stops with the store: closing it ends the thread, and the last connection removes the WAL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-ckpt-'));
    dirs.push(dir);
    const file = join(dir, 'relay.sqlite');
    const kysely = openSqliteDb(file);
    await kysely.schema.createTable('t').addColumn('x', 'integer').execute();
    await kysely.insertInto('t' as never).values({ x: 1 } as never).execute();
    await kysely.destroy();
    expect(() => statSync(`${file}-wal`)).toThrow(/ENOENT/);
    const reopened = new BetterSqlite3(file, { readonly: true });
    expect(reopened.prepare('select x from t').all()).toEqual([{ x: 1 }]);
    reopened.close();
  });

  it('stop resolves once the thread has exited, also when it had already ended', async () => {
    const { db, file } = walDatabase();
    const running: WalCheckpointer = checkpointInWorker(db, file, { intervalMs: 10, busyTimeoutMs: 5_000 });
    await running.stop();
    await running.stop();
    // Stopped on purpose: the relay connection's setting stays as it was (the store is closing).
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  });
});
