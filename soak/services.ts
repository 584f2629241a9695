// The soak's own PostgreSQL and Redis: a cluster made with initdb and a redis-server, both in a
// temporary folder on ports of their own, so that restarting or stopping them (the faults) touches
// no other test or database on the machine. PostgreSQL refuses to run as root; as root, its
// programs run as the `postgres` user (which Debian's postgresql package creates) through runuser.

import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../e2e/support/ports.js';
import { waitUntil } from '../e2e/support/wait-until.js';

const run = promisify(execFile);

export interface Services {
  folder: string;
  databaseUrl: string;
  redisUrl: string;
  /** pg_ctl restart -m fast: every connection is cut, the server is away until it is back. */
  restartPostgres(): Promise<void>;
  /** pg_terminate_backend on every connection of the relays' database; the server stays up. */
  terminateConnections(): Promise<number>;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  close(): Promise<void>;
}

/** The newest PostgreSQL installed under /usr/lib/postgresql (Debian's layout). */
async function postgresBin(): Promise<string> {
  const base = '/usr/lib/postgresql';
  const versions = (await readdir(base).catch(() => [] as string[])).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => join(base, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  if (!found) throw new Error(`no initdb under ${base}/*/bin: install postgresql`);
  return found;
}

/** Runs a PostgreSQL program as the postgres user when this process is root (initdb refuses root). */
async function asPostgres(program: string, args: string[]): Promise<string> {
  const root = userInfo().uid === 0;
  const { stdout } = root ? await run('runuser', ['-u', 'postgres', '--', program, ...args]) : await run(program, args);
  return stdout;
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startServices(): Promise<Services> {
  const folder = await mkdtemp(join(tmpdir(), 'paywidgets-soak-'));
  // The postgres user must reach its data folder inside ours.
  await chmod(folder, 0o755);
  const bin = await postgresBin();
  const pgData = join(folder, 'pg');
  const pgSockets = join(folder, 'pg-sockets');
  await mkdir(pgData, { mode: 0o700 });
  await mkdir(pgSockets);
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(pgData, Number(stdout.trim()), Number(gid.trim()));
    await chown(pgSockets, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgPort = await freePort();
  const redisPort = await freePort();
  await asPostgres(join(bin, 'initdb'), ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: the soak tests the relay's behaviour, not the disk; a crash of the machine is not a fault it plays.
  const options = `-p ${pgPort} -k ${pgSockets} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  const pgCtl = (args: string[]): Promise<string> => asPostgres(join(bin, 'pg_ctl'), ['-D', pgData, '-l', join(pgData, 'server.log'), '-w', '-t', '60', ...args]);
  await pgCtl(['-o', options, 'start']);
  const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  await admin(adminUrl, (c) => c.query('create database soak'));
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/soak`;

  let redis: ChildProcess | undefined;
  const redisLog = createWriteStream(join(folder, 'redis.log'), { flags: 'a' });
  const startRedis = async (): Promise<void> => {
    const child = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(redisLog, { end: false });
    child.stderr?.pipe(redisLog, { end: false });
    redis = child;
    await waitUntil(async () => ((await run('redis-cli', ['-p', String(redisPort), 'ping'])).stdout.trim() === 'PONG' ? true : undefined), {
      what: `redis-server on ${redisPort}`,
      timeoutMs: 15_000,
      abort: () => (child.exitCode !== null ? `redis-server exited (${child.exitCode})` : undefined),
    });
  };
  const stopRedis = async (): Promise<void> => {
    const child = redis;
    redis = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exit = once(child, 'exit');
    child.kill('SIGTERM');
    await exit;
  };
  await startRedis();

  return {
    folder,
    databaseUrl,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    restartPostgres: async () => {
      await pgCtl(['-m', 'fast', 'restart']);
    },
    terminateConnections: () =>
      admin(adminUrl, async (c) => {
        const result = await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', ['soak']);
        return result.rowCount ?? 0;
      }),
    stopRedis,
    startRedis,
    close: async () => {
      await stopRedis();
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined);
      redisLog.end();
      if (!process.env.SOAK_KEEP_DATA) await rm(folder, { recursive: true, force: true });
    },
  };
}
