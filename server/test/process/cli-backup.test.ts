// `npm run relay -- backup --to FILE` as an operator runs it: what it refuses, with exit code 2 and
// a reason, before it writes anything; and the copy it makes of a store no relay is running on.
// A backup taken while a relay pays is in backup-restore.test.ts.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE } from '../../src/storage/index.js';
import { PROCESS_TEST_TIMEOUT_MS, runCli } from '../support/cli-process.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pw-cli-backup-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Rows of every table of an SQLite file, for comparing a copy with its source. */
function contents(file: string): Record<string, unknown[]> {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const tables = db.prepare(`select name from sqlite_master where type = 'table' order by name`).pluck().all() as string[];
    return Object.fromEntries(tables.map((table) => [table, db.prepare(`select * from "${table}" order by rowid`).all()]));
  } finally {
    db.close();
  }
}

describe('relay CLI: backup', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const dataDir = tempDir();

  it('copies the store into one file that holds what the store holds', async () => {
    const created = await runCli(dataDir, 'merchant', 'create', '--name', 'Coffee Shop');
    expect(created.code).toBe(0);
    const target = join(tempDir(), 'relay-backup.sqlite');

    const result = await runCli(dataDir, 'backup', '--to', target);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { file: string; bytes: number; pages: number; check: string };
    expect(printed).toMatchObject({ file: target, check: 'ok' });
    expect(printed.pages).toBeGreaterThan(0);
    expect(printed.bytes).toBeGreaterThan(0);

    const copy = contents(target);
    expect(copy).toEqual(contents(join(dataDir, SQLITE_FILE)));
    expect(copy.merchants).toHaveLength(1);
    // One file, and no temporary file left beside it.
    expect(readdirSync(join(target, '..'))).toEqual(['relay-backup.sqlite']);
    const db = new BetterSqlite3(target, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    db.close();
  });

  it('never replaces a file', async () => {
    const target = join(tempDir(), 'taken.sqlite');
    writeFileSync(target, 'an earlier backup');
    const result = await runCli(dataDir, 'backup', '--to', target);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: ${target} exists already; a backup never replaces a file`);
    expect(result.stdout).toBe('');
  });

  it('refuses, writing nothing, without --to, into a folder that does not exist, or without a store', async () => {
    const missing = await runCli(dataDir, 'backup');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error: --to is required');
    expect(missing.stderr).toContain('backup --to FILE');

    const nowhere = join(tempDir(), 'no-such-folder', 'b.sqlite');
    const noFolder = await runCli(dataDir, 'backup', '--to', nowhere);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain('--to: the folder');

    const empty = tempDir();
    const target = join(tempDir(), 'b.sqlite');
    const noStore = await runCli(empty, 'backup', '--to', target);
    expect(noStore.code).toBe(2);
    expect(noStore.stderr).toContain(`error: no store at ${join(empty, SQLITE_FILE)}`);
    // Neither a store nor a backup was created.
    expect(readdirSync(empty)).toEqual([]);
    expect(existsSync(target)).toBe(false);
  });

  it('sends a PostgreSQL store to pg_dump', async () => {
    const target = join(tempDir(), 'b.sqlite');
    const cli = join(process.cwd(), 'server', 'src', 'process', 'cli.ts');
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'backup', '--to', target], {
      // Never reached: the command refuses before it opens anything.
      env: { ...process.env, DATA_DIR: tempDir(), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the store is PostgreSQL (DATABASE_URL is set): back it up with pg_dump -Fc');
    expect(existsSync(target)).toBe(false);
  });
});
