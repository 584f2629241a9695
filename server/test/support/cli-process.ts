// The operator CLI run as a child process, as an operator runs it, for the CLI tests.
//
// Node loads tsx itself (`--import tsx`) instead of going through tsx's own launcher, which starts
// a second Node process: one cold start per run instead of two. A cold start still costs about a
// second on a quiet 2-core machine and ten or more while two test suites run on it, so the tests
// that make many runs bound each test by PROCESS_TEST_TIMEOUT_MS, not by Vitest's default.

import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, expect } from 'vitest';

const run = promisify(execFile);
const CLI = join(process.cwd(), 'server', 'src', 'process', 'cli.ts');

/** A bound for a test that runs the CLI several times, ms: catches a hang, not a slow machine. */
export const PROCESS_TEST_TIMEOUT_MS = 300_000;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run relay -- ...args` on a SQLite store in `dataDir`, to its exit. */
export async function runCli(dataDir: string, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: cliEnv(dataDir) });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Runs the CLI and reads its JSON answer: a run that fails or writes to stderr fails the test. */
export async function runCliJson<T>(dataDir: string, ...args: string[]): Promise<T> {
  const result = await runCli(dataDir, ...args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** Makes data folders for the CLI's runs (`prefix` names them), removed once the test file is done. */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** Runs the CLI on the store of a relay cluster (its DATA_DIR, and DATABASE_URL for PostgreSQL), to its exit. */
export async function runCliOn(store: { dataDir: string; databaseUrl: string }, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Starts a long-running CLI command (`webhook listen`); the caller stops it. */
export function spawnCli(dataDir: string | undefined, ...args: string[]): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: dataDir === undefined ? process.env : cliEnv(dataDir) });
}

function cliEnv(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
}
