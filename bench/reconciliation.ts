// npm run bench:reconciliation — the reconciliation file of one entity streamed from the database:
// time and memory growth for BENCH_ROWS records (default 1,000,000) over 30 settled days, on SQLite
// (a file) and on PostgreSQL (a fresh schema; skipped with a message when unreachable).
//
// Baseline, in the same run and on the same data: the records read through the same keyset chunks
// with no CSV made of them (what the database and the driver cost alone). The file's figure beyond
// the baseline is what making the lines of text costs. Memory is the peak growth of the
// process's resident set over its size before the read, sampled every 20 ms.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { POSTGRES_URL, postgresUnreachable } from '../e2e/support/relay-cluster.js';
import { FILE_CHUNK, reconciliationFile } from '../server/src/reports/reconciliation-file.js';
import { openPostgresStore, openSqliteStore } from '../server/src/storage/index.js';
import type { ReconciliationRecord, RecordCursor } from '../server/src/storage/store.js';
import type { Store } from '../server/src/storage/store.js';

const ROWS = Number.parseInt(process.env.BENCH_ROWS ?? '1000000', 10);
const DAYS = 30;
const ENTITY = { id: 'e'.repeat(32), name: 'Bench channel', merchantId: 'm'.repeat(32) };
const BATCH = 10_000;

function day(i: number): string {
  return new Date(Date.UTC(2026, 9, 1) + i * 86_400_000).toISOString().slice(0, 10);
}

function record(i: number): ReconciliationRecord {
  const d = Math.floor((i * DAYS) / ROWS);
  const fee = i % 2 === 1;
  const id = (1_700_000_000_000 + i).toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  return {
    aggregation_id: `${'a'.repeat(30)}${String(d).padStart(2, '0')}`,
    seq: i + 1,
    entity_id: ENTITY.id,
    day: day(d),
    reconciliation_type: fee ? 'FEE' : 'SETTLED',
    payment_id: id,
    payment_type: 'DB',
    cashflow: fee ? 'NEG' : 'POS',
    amount: 1000 + (i % 50_000),
    currency: 'EUR',
    brand: 'VISA',
    tx_request_time: Date.UTC(2026, 9, 1) + d * 86_400_000 + (i % 86_400) * 1000,
    settlement_amount: fee ? 30 : 1000 + (i % 50_000),
    settlement_currency: 'EUR',
    settlement_fee: fee ? 30 : null,
    fx_rate: '1.00',
    settlement_date: day(d + 1),
    settlement_status: 'SUCCESS',
    merchant_transaction_id: `order-${i}`,
    descriptor: i % 97 === 0 ? '=HYPERLINK("x";"y")' : 'Bench shop; order "x"',
    account_last4: '0000',
    account_holder: 'Jane Jones',
    connector_tx_id1: id.slice(-16),
    reason_code: null,
    reason_desc: null,
    matching_status: 'MATCHED',
    matched_transactions: null,
    chargeback_id: null,
  };
}

async function load(store: Store): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < ROWS; i += BATCH) {
    await store.settlement.insertReconciliationRecords(Array.from({ length: Math.min(BATCH, ROWS - i) }, (_, k) => record(i + k)));
  }
  return (performance.now() - start) / 1000;
}

interface Measure {
  seconds: number;
  rows: number;
  bytes: number;
  peakRssGrowthMb: number;
}

/** Times `work` and samples the resident set while it runs. */
async function measure(work: () => Promise<{ rows: number; bytes: number }>): Promise<Measure> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const { rows, bytes } = await work();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, rows, bytes, peakRssGrowthMb: (peak - before) / 1024 / 1024 };
}

/** The baseline: every record read through the file's keyset chunks, nothing written. */
async function readOnly(store: Store): Promise<{ rows: number; bytes: number }> {
  let rows = 0;
  let after: RecordCursor | undefined;
  for (;;) {
    const chunk = await store.settlement.fileRowsAfter(ENTITY.id, day(0), day(DAYS), after, FILE_CHUNK);
    rows += chunk.length;
    const last = chunk.at(-1);
    if (!last || chunk.length < FILE_CHUNK) return { rows, bytes: 0 };
    after = { day: last[0], aggregationId: last[1], seq: last[2] };
  }
}

async function file(store: Store): Promise<{ rows: number; bytes: number }> {
  let bytes = 0;
  let lines = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      // indexOf, not a loop over the bytes: the sink must cost little next to the file it counts.
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      done();
    },
  });
  await pipeline(reconciliationFile(store.settlement, ENTITY, day(0), day(DAYS)), sink);
  // The header is a line; a value with a line break would add one, and the bench has none.
  return { rows: lines - 1, bytes };
}

const fmt = (m: Measure) => `${m.seconds.toFixed(2)} s, ${Math.round(m.rows / m.seconds).toLocaleString('en')} rows/s, peak RSS +${m.peakRssGrowthMb.toFixed(1)} MB`;

async function run(name: string, store: Store, dispose: () => Promise<void>): Promise<void> {
  try {
    await store.migrate();
    const loadSeconds = await load(store);
    console.log(`${name}: ${ROWS.toLocaleString('en')} records loaded in ${loadSeconds.toFixed(1)} s`);
    const baseline = await measure(() => readOnly(store));
    const csv = await measure(() => file(store));
    if (baseline.rows !== ROWS || csv.rows !== ROWS) throw new Error(`read ${baseline.rows} and wrote ${csv.rows} rows of ${ROWS}`);
    console.log(`${name}: baseline (keyset read, no CSV): ${fmt(baseline)}`);
    console.log(`${name}: reconciliation file:             ${fmt(csv)}, ${(csv.bytes / 1024 / 1024).toFixed(0)} MB of CSV`);
    console.log(`${name}: file / baseline time: ${(csv.seconds / baseline.seconds).toFixed(2)}`);
  } finally {
    await store.close();
    await dispose();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-reconciliation-'));
await run('SQLite', await openSqliteStore(join(dir, 'relay.sqlite')), async () => rmSync(dir, { recursive: true, force: true }));

const unreachable = await postgresUnreachable();
if (unreachable !== undefined) {
  console.log(`PostgreSQL: skipped (${unreachable})`);
} else {
  const schema = `pw_bench_${randomBytes(6).toString('hex')}`;
  await run('PostgreSQL', await openPostgresStore(POSTGRES_URL, { schema }), async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });
}
