// The soak's relay processes: N real relays (server/src/process/main.ts) on the soak's PostgreSQL
// and Redis, sharing one data folder (the card key, the test merchant's credentials). Each keeps
// its port and RELAY_ID across restarts, as behind a load balancer: a killed relay refuses
// connections until it is back on the same address, and takes back at once what it held.

import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { freePort } from '../e2e/support/ports.js';
import { answersHttp, waitUntil } from '../e2e/support/wait-until.js';

export interface Credentials {
  entityId: string;
  accessToken: string;
  webhookSecret: string;
}

export interface Relay {
  id: string;
  url: string;
  /** undefined while the relay is down. */
  pid(): number | undefined;
  up(): boolean;
  start(): Promise<void>;
  /** SIGKILL: a crash; nothing is closed. */
  kill(): Promise<void>;
  /** SIGTERM: a graceful stop (in-flight requests finish); SIGKILL after 20 s. */
  terminate(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 90_000;

/**
 * Settings that make the faults' consequences visible within minutes: short leases (a dead relay's
 * keys and jobs are taken over after seconds, not minutes), webhook retries after seconds.
 */
export const SOAK_RELAY_ENV: Readonly<Record<string, string>> = {
  JOBS_LEASE_SECONDS: '10',
  IDEMPOTENCY_CLAIM_LEASE_SECONDS: '15',
  JOBS_POLL_MS: '100',
  WEBHOOK_RETRY_STEPS: '1s,2s,4s,8s',
  WEBHOOK_TIMEOUT_MS: '3000',
  SHUTDOWN_GRACE_MS: '5000',
  // The load is the soak's to choose; the throttle would turn it into 429s.
  THROTTLE_PAYMENTS: '0',
  THROTTLE_FOLLOW_UPS: '0',
  THROTTLE_REGISTRATIONS: '0',
  THROTTLE_CHECKOUTS: '0',
  THROTTLE_READS: '0',
  BACKOFFICE_PORT: '0',
  DEMO_PORT: '0',
  LOG_FORMAT: 'json',
  LOG_LEVEL: 'warn',
};

export async function makeRelay(options: { id: string; dataDir: string; logDir: string; env: Readonly<Record<string, string>> }): Promise<Relay> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log: WriteStream | undefined;

  const alive = (): boolean => child !== undefined && child.exitCode === null && child.signalCode === null;
  const start = async (): Promise<void> => {
    if (alive()) return;
    log = createWriteStream(join(options.logDir, `${options.id}.log`), { flags: 'a' });
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/src/process/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...SOAK_RELAY_ENV,
        ...options.env,
        // More of the relays' own account of a run, to trace a finding.
        ...(process.env.SOAK_RELAY_LOG_LEVEL ? { LOG_LEVEL: process.env.SOAK_RELAY_LOG_LEVEL } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: options.dataDir,
        RELAY_ID: options.id,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.pipe(log, { end: false });
    started.stderr?.pipe(log, { end: false });
    child = started;
    const exitText = (): string | undefined => (started.exitCode !== null || started.signalCode !== null ? `${options.id} exited (${started.signalCode ?? started.exitCode})` : undefined);
    await waitUntil(() => answersHttp(`${url}/health`), { what: `${options.id} at ${url}`, timeoutMs: START_TIMEOUT_MS, abort: exitText });
  };
  const stopWith = async (signal: NodeJS.Signals): Promise<void> => {
    const running = child;
    if (!running || !alive()) return;
    const exit = once(running, 'exit');
    running.kill(signal);
    const timer = setTimeout(() => running.kill('SIGKILL'), 20_000);
    await exit;
    clearTimeout(timer);
    log?.end();
  };
  process.once('exit', () => child?.kill('SIGKILL'));
  return {
    id: options.id,
    url,
    pid: () => (alive() ? child?.pid : undefined),
    up: alive,
    start,
    kill: () => stopWith('SIGKILL'),
    terminate: () => stopWith('SIGTERM'),
  };
}

/** Starts the relays one after the other: the first writes the test merchant, the others find it. */
export async function startRelays(count: number, options: { dataDir: string; logDir: string; env: Readonly<Record<string, string>> }): Promise<{ relays: Relay[]; credentials: Credentials }> {
  const relays: Relay[] = [];
  for (let i = 0; i < count; i++) {
    const relay = await makeRelay({ ...options, id: `soak-relay-${String.fromCharCode(97 + i)}` });
    relays.push(relay);
    await relay.start();
  }
  const json = JSON.parse(await readFile(join(options.dataDir, 'test-merchant.json'), 'utf8')) as Credentials;
  return { relays, credentials: { entityId: json.entityId, accessToken: json.accessToken, webhookSecret: json.webhookSecret } };
}

/** Resident set size of a process in KiB (VmRSS in /proc/PID/status), or undefined if it is gone. */
export async function rssKiB(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number.parseInt(match[1] ?? '', 10) : undefined;
  } catch {
    return undefined;
  }
}
