// Reaching into a running test relay's data folder (the `relay` fixture's dataDir) the way an
// operator or the passing of time would: its SQLite store directly, and the operator CLI
// (server/src/process/cli.ts) against the same folder. The relay opens the store in WAL mode, so a second
// connection from the test process reads and writes next to it; each call here opens, acts and
// closes, so no lock outlives it.

import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { SQLITE_FILE } from '../../server/src/storage/index.js';
// How long a statement waits for the relay's write lock: the relay's own busy_timeout.
import { BUSY_TIMEOUT_MS } from '../../server/src/storage/sqlite.js';

/** The repository root (this file is e2e/support/relay-store.ts). */
const repoRoot = resolve(import.meta.dirname, '..', '..');
/** tsx compiles the CLI on the fly: a cold start on a busy 2-core machine takes a few seconds, ms. */
const CLI_TIMEOUT_MS = 20_000;

const run = promisify(execFile);

/** Opens the relay's store, runs `act` on it, and closes it whatever happens. */
export function withStore<T>(dataDir: string, act: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, SQLITE_FILE), { fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return act(db);
  } finally {
    db.close();
  }
}

/** Moves a checkout's expiry into the past, as if its 30 minutes had run out. */
export function expireCheckout(dataDir: string, checkoutId: string, now = Date.now()): void {
  const changed = withStore(dataDir, (db) => db.prepare('update checkouts set expires_at = ? where id = ?').run(now - 1_000, checkoutId).changes);
  if (changed !== 1) throw new Error(`expireCheckout: no checkout ${checkoutId} in ${dataDir}`);
}

/** The merchant that owns an entity (channel). */
export function merchantOf(dataDir: string, entityId: string): string {
  const row = withStore(dataDir, (db) => db.prepare('select merchant_id from entities where id = ?').get(entityId)) as { merchant_id?: unknown } | undefined;
  if (typeof row?.merchant_id !== 'string') throw new Error(`merchantOf: no entity ${entityId} in ${dataDir}`);
  return row.merchant_id;
}

/** An entity as `entity create` / `entity set` print it. */
export interface EntityView {
  entityId: string;
  merchantId: string;
  name: string;
  settings: { allowedOrigins?: string[]; country?: string; reversalCutoffMs?: number };
}

/**
 * Runs the operator CLI against the relay's data folder, e.g.
 * `relayCli(dir, 'entity', 'set', id, '--allowed-origin', 'https://shop.example')`, and returns its
 * JSON output. A non-zero exit throws with the CLI's stderr.
 */
export async function relayCli(dataDir: string, ...args: string[]): Promise<unknown> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/src/process/cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: CLI_TIMEOUT_MS,
    });
    return JSON.parse(stdout) as unknown;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`relay cli ${args.join(' ')}: ${stderr?.trim() || message}`);
  }
}
