// npm run bench:backoffice — the back office's payment list over BENCH_PAYMENTS (default 1,000,000)
// payments (bench/backoffice-seed.ts): the server time of the list's first page, of each filter and
// of each kind of search, BENCH_RUNS times each (default 50; a search takes a different payment
// each run), p50 and p95; then the CSV export of about BENCH_EXPORT (default 100,000) payments:
// wall time, peak growth of the resident set and of the heap. Budgets (issue 30): p95 at most
// 100 ms for the list and each search, the export at most 10 s and 100 MB.
//
// What is timed: the repository call (store.paymentSearch.list), what the route's handler awaits,
// and for the export the route's own CSV stream (backoffice/payment-list/csv.ts) into a sink. The
// baseline, measured in the same run on the same store, is a trivial query (a channel by its
// primary key): each figure's ratio to it reads the same on a faster or slower machine.
//
// On SQLite in a temporary folder by default; with DATABASE_URL (a PostgreSQL server), in a fresh
// database made for the run (bench_bo_<pid>) and dropped after, the server's own database untouched.
// BENCH_KEEP=1 keeps the database (the SQLite folder, the PostgreSQL database) to look at its plans.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { paymentsCsv } from '../server/src/backoffice/payment-list/csv.js';
import { openPostgresStore, openSqliteStore } from '../server/src/storage/index.js';
import type { PaymentSearch, Store } from '../server/src/storage/store.js';
import { benchPayment, END, MERCHANT, seedPostgres, seedSqlite, START } from './backoffice-seed.js';

const PAYMENTS = Number.parseInt(process.env.BENCH_PAYMENTS ?? '1000000', 10);
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '50', 10);
const EXPORT = Number.parseInt(process.env.BENCH_EXPORT ?? '100000', 10);
const PAGE = 50;
const LIST_BUDGET_MS = 100;
const EXPORT_BUDGET_S = 10;
const EXPORT_BUDGET_MB = 100;

interface Database {
  name: string;
  open(): Promise<Store>;
  seed(): Promise<void>;
  dispose(): Promise<void>;
}

function sqlite(): Database {
  const dir = mkdtempSync(join(tmpdir(), 'bench-backoffice-'));
  const file = join(dir, 'relay.sqlite');
  return {
    name: 'SQLite',
    open: () => openSqliteStore(file),
    seed: () => seedSqlite(file, PAYMENTS),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
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
  return {
    name: `PostgreSQL (${name})`,
    open: () => openPostgresStore(url.toString()),
    seed: () => seedPostgres(url.toString(), PAYMENTS),
    dispose: () => admin(`drop database if exists ${name} with (force)`),
  };
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

/** The filters measured, one at a time, as the page sends them. */
const FILTERS: readonly [string, PaymentSearch, string?][] = [
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
  ['one channel', {}, 'channel'],
  ['declined AMEX in a month', { status: 'declined', brand: 'AMEX', from: MID, to: MID + 30 * DAY }],
];

type Line = [string, Timing];

async function measureList(store: Store): Promise<{ baseline: Timing; lines: Line[] }> {
  const channels = MERCHANT.channels;
  const sample = samples();
  const baseline = await time(() => store.entities.find(channels[0] as string));
  const list = (search: PaymentSearch, on: readonly string[] = channels) => store.paymentSearch.list(on, search, undefined, PAGE);
  const lines: Line[] = [];
  lines.push(['list, first page', await time(() => list({}))]);
  const second = (await list({})).next;
  lines.push(['list, a page deep in (cursor)', await time(() => store.paymentSearch.list(channels, {}, second, PAGE))]);
  for (const [name, search, one] of FILTERS) lines.push([`filter: ${name}`, await time(() => list(search, one ? [channels[0] as string] : channels))]);
  const amex = (await list({ brand: 'AMEX' })).next;
  lines.push(['filter: brand AMEX, next page (cursor)', await time(() => store.paymentSearch.list(channels, { brand: 'AMEX' }, amex, PAGE))]);
  const at = (run: number) => sample[run] as (typeof sample)[number];
  lines.push(['search: payment id', await time((run) => list({ q: at(run).id }))]);
  lines.push(['search: checkout id', await time((run) => list({ q: at(run).checkoutId as string }))]);
  lines.push(['search: merchantTransactionId', await time((run) => list({ q: at(run).merchantTransactionId as string }))]);
  lines.push(['search: card last four', await time((run) => list({ q: at(run).cardLast4 as string }))]);
  lines.push(['search: e-mail', await time((run) => list({ q: (at(run).customerEmail as string).toUpperCase() }))]);
  lines.push(['search: nothing found', await time((run) => list({ q: `no-such-order-${run}` }))]);
  return { baseline, lines };
}

interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rssMb: number;
  heapMb: number;
}

/** The export of a window holding about EXPORT of the merchant's payments, into a counting sink. */
async function measureExport(store: Store): Promise<ExportFigures> {
  // The merchant holds 16 of every 17 payments, spread evenly over the months.
  const span = Math.ceil((((END - START) * EXPORT) / PAYMENTS) * (17 / 16));
  const filter: PaymentSearch = { from: START + DAY, to: START + DAY + span };
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  // On a timer, and with every buffer written: on SQLite the export may run on promptly settled
  // promises alone, where a timer would never get its turn.
  const sampler = setInterval(sample, 20);
  let bytes = 0;
  let lines = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sample();
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      done();
    },
  });
  const start = performance.now();
  await pipeline(paymentsCsv(store.paymentSearch, MERCHANT.channels, filter), sink);
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const MB = 1024 * 1024;
  return { rows: lines - 1, bytes, seconds, rssMb: (rss - before.rss) / MB, heapMb: (heap - before.heapUsed) / MB };
}

const ms = (v: number) => v.toFixed(1).padStart(7);

async function run(db: Database): Promise<boolean> {
  try {
    const empty = await db.open();
    await empty.migrate();
    await empty.close();
    let start = performance.now();
    await db.seed();
    console.log(`${db.name}: ${PAYMENTS.toLocaleString('en')} payments seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    const store = await db.open();
    try {
      start = performance.now();
      const { baseline, lines } = await measureList(store);
      console.log(`${db.name}: server time of the repository call the route awaits, ${RUNS} runs each (ms; ratio = p50 / baseline p50)`);
      console.log(`  ${'baseline: a channel by primary key'.padEnd(42)} p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}`);
      let ok = true;
      for (const [name, t] of lines) {
        const within = t.p95 <= LIST_BUDGET_MS;
        ok &&= within;
        console.log(`  ${name.padEnd(42)} p50 ${ms(t.p50)}  p95 ${ms(t.p95)}  ratio ${(t.p50 / baseline.p50).toFixed(0).padStart(5)}  ${within ? 'ok' : `OVER ${LIST_BUDGET_MS} ms`}`);
      }
      const e = await measureExport(store);
      const within = e.seconds <= EXPORT_BUDGET_S && e.rssMb <= EXPORT_BUDGET_MB;
      ok &&= within;
      console.log(
        `${db.name}: export of ${e.rows.toLocaleString('en')} payments as CSV (${(e.bytes / 1024 / 1024).toFixed(1)} MB): ${e.seconds.toFixed(2)} s, ` +
          `${Math.round(e.rows / e.seconds).toLocaleString('en')} rows/s, peak RSS +${e.rssMb.toFixed(1)} MB, peak heap +${e.heapMb.toFixed(1)} MB  ${within ? 'ok' : 'OVER budget'}`,
      );
      return ok;
    } finally {
      await store.close();
    }
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`${db.name}: kept (BENCH_KEEP=1)`);
    else await db.dispose();
  }
}

const serverUrl = process.env.DATABASE_URL;
const ok = await run(serverUrl ? await postgres(serverUrl) : sqlite());
if (!ok) process.exitCode = 1;
