// Starts the real relay (`server/src/process/main.ts`) as a child process for one Playwright worker:
// a fresh data folder (SQLite store), free ports for the relay, its demo shop and its back office, output to a log
// file that failing tests attach. The relay is reached at `localhost`, merchant pages at
// `127.0.0.1`, so the two are different origins (and sites) as in production.

import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { freePort } from './ports.js';
import { answersHttp, waitUntil } from './wait-until.js';

export interface RelayCredentials {
  entityId: string;
  accessToken: string;
  webhookSecret: string;
  /** The test merchant's owner in the back office (written on the first start of an empty store). */
  backOffice?: { url: string; email: string; password: string };
}

export interface RelayProcess {
  /** Origin of the relay as the browser and merchant backends reach it, e.g. http://localhost:41234. */
  url: string;
  /** Origin of the relay's demo shop, on 127.0.0.1 (a second site). */
  demoUrl: string;
  /** Origin of the back office: its own port, so its own origin. */
  backofficeUrl: string;
  credentials: RelayCredentials;
  dataDir: string;
  /** The relay's stdout and stderr. */
  logFile: string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a power cut would stop it (the data folder is kept). */
  kill(): Promise<void>;
  /** Sends SIGTERM at once, as an orchestrator stops it; resolves with how it exited. stop() then cleans up. */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The repository root (this file is e2e/support/relay-process.ts). */
const repoRoot = resolve(import.meta.dirname, '..', '..');

/** The relay with tsx compiles on the fly; a cold start on a 2-core machine takes a few seconds, ms. */
export const RELAY_START_TIMEOUT_MS = 60_000;
/** After SIGTERM, the relay gets this long to close before SIGKILL, ms. */
const RELAY_STOP_TIMEOUT_MS = 10_000;

/**
 * E2E_RELAY_ENTRY runs another entry file instead of server/src/process/main.ts (for instance a stub
 * while working on the harness itself); it must honour the same environment variables.
 */
const relayEntry = process.env.E2E_RELAY_ENTRY ?? 'server/src/process/main.ts';

/**
 * `dataDir` restarts on an existing data folder, which then outlives the process. `env` adds to
 * the relay's environment (e.g. RELAY_FAILPOINTS for a crash test).
 */
export async function startRelay(options: { logDir: string; name: string; dataDir?: string; env?: Readonly<Record<string, string>> }): Promise<RelayProcess> {
  const [port, demoPort, backofficePort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'paywidgets-e2e-')));
  const ownsData = options.dataDir === undefined;
  await mkdir(options.logDir, { recursive: true });
  const logFile = join(options.logDir, `${options.name}.log`);
  const log = createWriteStream(logFile);
  const url = `http://localhost:${port}`;
  const backofficeUrl = `http://localhost:${backofficePort}`;

  const child = spawn(process.execPath, ['--import', 'tsx', relayEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_PORT: String(demoPort),
      // Every worker's relay its own back office port (the default, 8082, would be shared).
      BACKOFFICE_PORT: String(backofficePort),
      BACKOFFICE_PUBLIC_URL: backofficeUrl,
      DATA_DIR: dataDir,
      // The embedded store: each worker has its own, nothing is shared with other runs.
      DATABASE_URL: '',
      LOG_LEVEL: process.env.E2E_RELAY_LOG_LEVEL ?? 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `the relay exited (${signal ?? `code ${code}`})`;
  });

  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit);
    await stopChild(child);
    log.end();
    if (ownsData && !process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  };
  const kill = async (): Promise<void> => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exit = once(child, 'exit');
      child.kill('SIGKILL');
      await exit;
    }
    log.end();
  };

  const terminate = async (): Promise<{ code: number | null; signal: NodeJS.Signals | null }> => {
    if (child.exitCode === null && child.signalCode === null) await stopChild(child);
    return { code: child.exitCode, signal: child.signalCode };
  };

  try {
    await waitUntil(() => answersHttp(url), { what: `relay at ${url}`, timeoutMs: RELAY_START_TIMEOUT_MS, abort: () => exited });
    const credentials = await waitUntil(() => readCredentials(dataDir), {
      what: `test merchant in ${dataDir}`,
      timeoutMs: RELAY_START_TIMEOUT_MS,
      abort: () => exited,
    });
    // The back office starts listening after the relay: tests that use it wait for it here.
    if (options.env?.BACKOFFICE_PORT !== '0') {
      await waitUntil(() => answersHttp(backofficeUrl), { what: `back office at ${backofficeUrl}`, timeoutMs: RELAY_START_TIMEOUT_MS, abort: () => exited });
    }
    return { url, demoUrl: `http://127.0.0.1:${demoPort}`, backofficeUrl, credentials, dataDir, logFile, stop, kill, terminate };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- ${logFile} (last lines) ---\n${await logTail(logFile)}`);
  }
}

async function readCredentials(dataDir: string): Promise<RelayCredentials | undefined> {
  const text = await readFile(join(dataDir, 'test-merchant.json'), 'utf8');
  const json = JSON.parse(text) as Partial<RelayCredentials>;
  if (typeof json.entityId !== 'string' || typeof json.accessToken !== 'string') return undefined;
  return { entityId: json.entityId, accessToken: json.accessToken, webhookSecret: json.webhookSecret ?? '', ...(json.backOffice ? { backOffice: json.backOffice } : {}) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), RELAY_STOP_TIMEOUT_MS);
  await exit;
  clearTimeout(timer);
}

export async function logTail(logFile: string, lines = 40): Promise<string> {
  try {
    return (await readFile(logFile, 'utf8')).split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
