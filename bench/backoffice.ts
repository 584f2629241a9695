// npm run bench:backoffice — the back office's payment list over BENCH_PAYMENTS (default 1,000,000)
// payments (bench/backoffice-seed.ts, seeded in a process of its own): the time of the list's first
// page, of each filter and of each kind of search through real HTTP to a running back office
// (buildBackofficeApp on a port, signed in as the merchant's owner), BENCH_RUNS times each (default
// 50; a search takes a different payment each run), p50 and p95; then the CSV export of about
// BENCH_EXPORT (default 100,000) payments through GET /api/payments/export.csv: wall time, peak
// growth of the process's resident set and heap. Budgets (issue 30): p95 at most 100 ms for the
// list and each search, the export at most 10 s and 100 MB.
//
// The server runs in this process and the client is on loopback, so a figure is the server's time
// plus a local round trip. The baseline, measured in the same run, is the bare signed-in endpoint
// GET /api/session (the guard's session lookup and a small answer): each figure's ratio to it reads
// the same on a faster or slower machine.
//
// On SQLite in a temporary folder by default; with DATABASE_URL (a PostgreSQL server), in a fresh
// database made for the run (bench_bo_<pid>) and dropped after, the server's own database untouched.
// BENCH_KEEP=1 keeps the database (the SQLite folder, the PostgreSQL database) to look at its plans.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { createContext } from '../server/src/app/create-context.js';
import { buildBackofficeApp } from '../server/src/backoffice/app.js';
import { defaultConfig, type Config } from '../server/src/config/config.js';
import { newTestOwner } from '../server/src/merchants/test-owner.js';
import { formatAmount } from '../server/src/domain/money.js';
import { SQLITE_FILE } from '../server/src/storage/index.js';
import type { PaymentSearch } from '../server/src/storage/store.js';
import { benchPayment, END, MERCHANT, START } from './backoffice-seed.js';
import { benchDeliveries } from './backoffice-deliveries.js';
import { measureHome } from './backoffice-home.js';

const PAYMENTS = Number.parseInt(process.env.BENCH_PAYMENTS ?? '1000000', 10);
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '50', 10);
const EXPORT = Number.parseInt(process.env.BENCH_EXPORT ?? '100000', 10);
const PAGE = 50;
const LIST_BUDGET_MS = 100;
const EXPORT_BUDGET_S = 10;
const EXPORT_BUDGET_MB = 100;
const PUBLIC_URL = 'http://backoffice.bench';

interface Database {
  name: string;
  /** The relay's settings for it. */
  config: Partial<Config>;
  /** What the seeding program is given: its kind and its file or URL. */
  seedArgs: [string, string];
  dispose(): Promise<void>;
}

function sqlite(): Database {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-backoffice-'));
  return {
    name: 'SQLite',
    config: { dataDir },
    seedArgs: ['sqlite', join(dataDir, SQLITE_FILE)],
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A database of its own on the server DATABASE_URL names, made now and dropped after. */
async function postgres(serverUrl: string): Promise<Database> {
  const name = `bench_bo_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-backoffice-'));
  return {
    name: `PostgreSQL (${name})`,
    config: { dataDir, databaseUrl: url.toString() },
    seedArgs: ['postgres', url.toString()],
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Migrates and seeds in a child process: the load's memory never counts in this one's. */
async function seed(db: Database): Promise<void> {
  const script = fileURLToPath(new URL('./backoffice-seed.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...db.seedArgs, String(PAYMENTS)], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding exited with ${code}`);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Timing {
  p50: number;
  p95: number;
}

/** Runs `work(run)` RUNS times after a few warm-up runs; its times in ms. */
async function time(work: (run: number) => Promise<unknown>): Promise<Timing> {
  for (let run = 0; run < 3; run++) await work(run);
  const ms: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await work(run);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

/** The bench's samples: payments of the listed merchant spread over the whole set, one per run. */
function samples() {
  const found = [];
  for (let n = 0; found.length < RUNS + 3; n++) {
    const p = benchPayment(Math.floor(((n * 7_919) % PAYMENTS) + (n % 13)), PAYMENTS);
    if (MERCHANT.channels.includes(p.entityId) && p.cardLast4 && p.customerEmail && p.checkoutId) found.push(p);
  }
  return found;
}

const DAY = 86_400_000;
const MID = START + Math.floor((END - START) / 2);

/** The filters measured, one at a time (a channel's id stands for the `channel` filter). */
const FILTERS: readonly [string, PaymentSearch & { channel?: string }][] = [
  ['date range (one week)', { from: MID, to: MID + 7 * DAY }],
  ['status success', { status: 'success' }],
  ['status declined', { status: 'declined' }],
  ['status pending', { status: 'pending' }],
  ['status chargedBack', { status: 'chargedBack' }],
  ['payment type RV', { paymentType: 'RV' }],
  ['brand AMEX', { brand: 'AMEX' }],
  ['method voucher', { method: 'voucher' }],
  ['amount 100.00-120.00', { amountMin: 10_000, amountMax: 12_000 }],
  ['amount over 1,500.00', { amountMin: 150_000 }],
  ['one channel', { channel: MERCHANT.channels[0] as string }],
  ['declined AMEX in a month', { status: 'declined', brand: 'AMEX', from: MID, to: MID + 30 * DAY }],
];

/** A search as the page sends it: amounts in the API's grammar. */
function queryOf(search: PaymentSearch & { channel?: string; after?: string; limit?: number }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined) continue;
    params.set(name, name === 'amountMin' || name === 'amountMax' ? formatAmount(value as number) : String(value));
  }
  return params.toString();
}

interface Client {
  get(path: string): Promise<Response>;
}

/** The back office on a port, and a client signed in as the merchant's owner over HTTP. */
async function backoffice(db: Database): Promise<{ client: Client; close(): Promise<void> }> {
  const config: Config = { ...defaultConfig, publicUrl: 'http://127.0.0.1', demoPort: 0, backofficePublicUrl: PUBLIC_URL, logLevel: 'warn', ...db.config };
  const ctx = await createContext(config);
  const app = await buildBackofficeApp(ctx, { distDir: join(config.dataDir, 'no-pages'), logger: false, publicUrl: PUBLIC_URL });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The owner npm start would make (merchants/test-owner.ts), in the bench's store.
  const { user, password } = await newTestOwner(MERCHANT.id, Date.now());
  await ctx.store.users.insert(user);
  const signIn = await fetch(`${base}/api/session`, { method: 'POST', headers: { origin: PUBLIC_URL, 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password }) });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    client: { get: (path) => fetch(`${base}${path}`, { headers: { cookie, origin: PUBLIC_URL } }) },
    close: async () => {
      await app.close();
      await ctx.jobs.stop();
      await ctx.webhooks.close();
      await ctx.throttle.close();
      await ctx.store.close();
    },
  };
}

/** A page of the list: its status checked, its body read (as the page would). */
async function page(client: Client, query: string): Promise<{ payments: unknown[]; next?: string }> {
  const response = await client.get(`/api/payments?${query}`);
  if (response.status !== 200) throw new Error(`GET /api/payments?${query} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { payments: unknown[]; next?: string };
}

type Line = [string, Timing];

async function measureList(client: Client): Promise<{ baseline: Timing; lines: Line[] }> {
  const sample = samples();
  const baseline = await time(async () => {
    const response = await client.get('/api/session');
    if (response.status !== 200) throw new Error(`GET /api/session answered ${response.status}`);
    await response.json();
  });
  const lines: Line[] = [];
  lines.push(['list, first page', await time(() => page(client, queryOf({ limit: PAGE })))]);
  const deep = (await page(client, queryOf({ limit: PAGE }))).next;
  lines.push(['list, next page (cursor)', await time(() => page(client, queryOf({ limit: PAGE, after: deep })))]);
  for (const [name, search] of FILTERS) lines.push([`filter: ${name}`, await time(() => page(client, queryOf({ ...search, limit: PAGE })))]);
  const amex = (await page(client, queryOf({ brand: 'AMEX', limit: PAGE }))).next;
  lines.push(['filter: brand AMEX, next page (cursor)', await time(() => page(client, queryOf({ brand: 'AMEX', limit: PAGE, after: amex })))]);
  const at = (run: number) => sample[run] as (typeof sample)[number];
  const search = (q: (run: number) => string) => time((run) => page(client, queryOf({ q: q(run), limit: PAGE })));
  lines.push(['search: payment id', await search((run) => at(run).id)]);
  lines.push(['search: checkout id', await search((run) => at(run).checkoutId as string)]);
  lines.push(['search: merchantTransactionId', await search((run) => at(run).merchantTransactionId as string)]);
  lines.push(['search: card last four', await search((run) => at(run).cardLast4 as string)]);
  lines.push(['search: e-mail', await search((run) => (at(run).customerEmail as string).toUpperCase())]);
  lines.push(['search: nothing found', await search((run) => `no-such-order-${run}`)]);
  return { baseline, lines };
}

interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rssMb: number;
  heapMb: number;
}

/** The export of a window holding about EXPORT of the merchant's payments, read as it streams. */
async function measureExport(client: Client): Promise<ExportFigures> {
  // The merchant holds 16 of every 17 payments, spread evenly over the months.
  const span = Math.ceil((((END - START) * EXPORT) / PAYMENTS) * (17 / 16));
  const query = queryOf({ from: START + DAY, to: START + DAY + span });
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  // On a timer, and with every chunk read: a timer alone may not get its turn while data flows.
  const sampler = setInterval(sample, 20);
  const start = performance.now();
  const response = await client.get(`/api/payments/export.csv?${query}`);
  if (response.status !== 200 || !response.body) throw new Error(`the export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    sample();
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const MB = 1024 * 1024;
  return { rows: lines - 1, bytes, seconds, rssMb: (rss - before.rss) / MB, heapMb: (heap - before.heapUsed) / MB };
}

const ms = (v: number) => v.toFixed(1).padStart(7);

async function run(db: Database): Promise<boolean> {
  try {
    const start = performance.now();
    await seed(db);
    console.log(`${db.name}: ${PAYMENTS.toLocaleString('en')} payments seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    const server = await backoffice(db);
    try {
      const { baseline, lines } = await measureList(server.client);
      console.log(`${db.name}: GET /api/payments through HTTP to the back office on this machine, ${RUNS} runs each (ms; ratio = p50 / baseline p50)`);
      console.log(`  ${'baseline: GET /api/session'.padEnd(42)} p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}`);
      let ok = true;
      for (const [name, t] of lines) {
        const within = t.p95 <= LIST_BUDGET_MS;
        ok &&= within;
        console.log(`  ${name.padEnd(42)} p50 ${ms(t.p50)}  p95 ${ms(t.p95)}  ratio ${(t.p50 / baseline.p50).toFixed(1).padStart(5)}  ${within ? 'ok' : `OVER ${LIST_BUDGET_MS} ms`}`);
      }
      ok = (await benchDeliveries({ name: db.name, seedArgs: db.seedArgs, client: server.client, baseline, runs: RUNS })) && ok;
      ok = (await measureHome(db.name, db.config, baseline.p50)) && ok;
      const e = await measureExport(server.client);
      const within = e.seconds <= EXPORT_BUDGET_S && e.rssMb <= EXPORT_BUDGET_MB;
      ok &&= within;
      console.log(
        `${db.name}: GET /api/payments/export.csv, ${e.rows.toLocaleString('en')} payments (${(e.bytes / 1024 / 1024).toFixed(1)} MB): ${e.seconds.toFixed(2)} s, ` +
          `${Math.round(e.rows / e.seconds).toLocaleString('en')} rows/s, peak RSS +${e.rssMb.toFixed(1)} MB, peak heap +${e.heapMb.toFixed(1)} MB  ${within ? 'ok' : 'OVER budget'}`,
      );
      return ok;
    } finally {
      await server.close();
    }
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`${db.name}: kept (BENCH_KEEP=1)`);
    else await db.dispose();
  }
}

const serverUrl = process.env.DATABASE_URL;
const ok = await run(serverUrl ? await postgres(serverUrl) : sqlite());
if (!ok) process.exitCode = 1;
