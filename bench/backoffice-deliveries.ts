// The delivery log of bench:backoffice (issue 31): BENCH_DELIVERIES (default 100,000) deliveries of
// one webhook endpoint of the listed merchant, each with its event and one to three attempts, seeded
// straight into the bench's database (as backoffice-seed.ts seeds payments), then the log's first
// page, the failed filter and a since filter through real HTTP to the running back office, p50 and
// p95, each with its ratio to the baseline bench/backoffice.ts measured. Budget: p95 at most 150 ms.
//
// The mix is a receiver with bad days: 90% delivered, 5% failed, 3% pending, 2% cancelled, spread
// over the twelve months of the payments.

import Sqlite from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { END, MERCHANT, START } from './backoffice-seed.js';

const DELIVERIES = Number.parseInt(process.env.BENCH_DELIVERIES ?? '100000', 10);
const BUDGET_MS = 150;
const PAGE = 50;
/** The endpoint every delivery goes to, of the listed merchant's first channel. */
export const BENCH_ENDPOINT = 'e'.repeat(32);
const CHUNK = 10_000;

interface Timing {
  p50: number;
  p95: number;
}

interface Client {
  get(path: string): Promise<Response>;
}

export interface DeliveriesBench {
  name: string;
  /** backoffice-seed.ts's arguments: the database's kind and its file or URL. */
  seedArgs: [string, string];
  client: Client;
  baseline: Timing;
  runs: number;
}

interface Rows {
  events: unknown[][];
  deliveries: unknown[][];
  attempts: unknown[][];
}

const STATES: readonly [string, number][] = [
  ['delivered', 0.9],
  ['failed', 0.05],
  ['pending', 0.03],
  ['cancelled', 0.02],
];

function stateOf(i: number): string {
  // Deterministic and spread: the i-th delivery's place in a cycle of a hundred.
  let left = ((i * 37) % 100) / 100;
  for (const [state, share] of STATES) {
    if (left < share) return state;
    left -= share;
  }
  return 'delivered';
}

function rowsOf(from: number, to: number): Rows {
  const rows: Rows = { events: [], deliveries: [], attempts: [] };
  for (let i = from; i < to; i++) {
    const createdAt = START + Math.floor(((END - START) * i) / DELIVERIES);
    const eventId = createdAt.toString(16).padStart(12, '0') + i.toString(16).padStart(20, '0');
    const id = eventId + BENCH_ENDPOINT;
    const state = stateOf(i);
    const attempts = state === 'delivered' ? 1 + (i % 3 === 0 ? 1 : 0) : state === 'cancelled' ? 0 : 3;
    const ok = state === 'delivered';
    rows.events.push([eventId, MERCHANT.channels[0], 'PAYMENT', 'CREATED', `${eventId}p`, `{"id":"${eventId}p","amount":"12.50","currency":"EUR"}`, createdAt]);
    for (let n = 1; n <= attempts; n++) {
      const last = n === attempts;
      const status = ok && last ? 200 : 503;
      rows.attempts.push([id, n, createdAt + n * 60_000, status, 40 + (i % 200), status === 200 ? 'ok' : '<html><body>503 Service Unavailable: the shop is being updated</body></html>', status === 200 ? null : 'answered 503', 'bench-relay']);
    }
    const lastAt = createdAt + attempts * 60_000;
    rows.deliveries.push([
      id,
      eventId,
      BENCH_ENDPOINT,
      state,
      attempts,
      attempts > 0 ? createdAt + 60_000 : null,
      state === 'pending' ? lastAt + 3_600_000 : null,
      attempts > 0 ? (ok ? 200 : 503) : null,
      ok || attempts === 0 ? (state === 'cancelled' ? 'the endpoint is inactive' : null) : 'answered 503',
      ok ? lastAt : null,
      createdAt,
      lastAt,
    ]);
  }
  return rows;
}

const ENDPOINT_ROW = [BENCH_ENDPOINT, MERCHANT.channels[0], null, 'https://shop.example/hooks', '', 'never-opened-in-the-bench', 'active', null, START, START];
const COLUMNS = {
  endpoint: 'id, entity_id, payment_id, url, event_types, secret, state, disabled_reason, created_at, updated_at',
  events: 'id, entity_id, type, action, record_id, payload, created_at',
  deliveries: 'id, event_id, endpoint_id, state, attempts, first_attempt_at, next_attempt_at, last_status, last_error, delivered_at, created_at, updated_at',
  attempts: 'delivery_id, number, at, status, latency_ms, response_start, error, relay_id',
};
const PG_TYPES = {
  events: ['text', 'text', 'text', 'text', 'text', 'text', 'bigint'],
  deliveries: ['text', 'text', 'text', 'text', 'integer', 'bigint', 'bigint', 'integer', 'text', 'bigint', 'bigint', 'bigint'],
  attempts: ['text', 'integer', 'bigint', 'integer', 'integer', 'text', 'text', 'text'],
};

export function seedSqlite(file: string): void {
  const db = new Sqlite(file);
  try {
    db.pragma('synchronous = OFF');
    const insert = (table: string, columns: string) => {
      const count = columns.split(',').length;
      return db.prepare(`insert into ${table} (${columns}) values (${Array(count).fill('?').join(', ')})`);
    };
    insert('webhook_endpoints', COLUMNS.endpoint).run(...ENDPOINT_ROW);
    const event = insert('webhook_events', COLUMNS.events);
    const delivery = insert('webhook_deliveries', COLUMNS.deliveries);
    const attempt = insert('webhook_attempts', COLUMNS.attempts);
    const many = db.transaction((rows: Rows) => {
      for (const r of rows.events) event.run(...r);
      for (const r of rows.deliveries) delivery.run(...r);
      for (const r of rows.attempts) attempt.run(...r);
    });
    for (let i = 0; i < DELIVERIES; i += CHUNK) many(rowsOf(i, Math.min(DELIVERIES, i + CHUNK)));
    db.exec('analyze');
  } finally {
    db.close();
  }
}

export async function seedPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`insert into webhook_endpoints (${COLUMNS.endpoint}) values (${ENDPOINT_ROW.map((_, n) => `$${n + 1}`).join(', ')})`, ENDPOINT_ROW);
    const unnest = (table: keyof typeof PG_TYPES, rows: unknown[][]) => {
      const types = PG_TYPES[table];
      const text = `insert into webhook_${table} (${COLUMNS[table]}) select * from unnest(${types.map((t, n) => `$${n + 1}::${t}[]`).join(', ')})`;
      return client.query(text, types.map((_, c) => rows.map((row) => row[c])));
    };
    for (let i = 0; i < DELIVERIES; i += CHUNK) {
      const rows = rowsOf(i, Math.min(DELIVERIES, i + CHUNK));
      await unnest('events', rows.events);
      await unnest('deliveries', rows.deliveries);
      await unnest('attempts', rows.attempts);
    }
    await client.query('vacuum analyze webhook_deliveries');
    await client.query('vacuum analyze webhook_attempts');
    await client.query('vacuum analyze webhook_events');
  } finally {
    await client.end();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function time(runs: number, work: () => Promise<unknown>): Promise<Timing> {
  for (let run = 0; run < 3; run++) await work();
  const ms: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

const ms = (v: number) => v.toFixed(1).padStart(7);

/** Seeds the deliveries, measures the log and prints its lines; true when every p95 is within the budget. */
export async function benchDeliveries(b: DeliveriesBench): Promise<boolean> {
  const start = performance.now();
  const [kind, target] = b.seedArgs;
  await (kind === 'postgres' ? seedPostgres(target) : Promise.resolve(seedSqlite(target)));
  console.log(`${b.name}: ${DELIVERIES.toLocaleString('en')} webhook deliveries of one endpoint seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  const page = async (query: string) => {
    const response = await b.client.get(`/api/webhooks/${BENCH_ENDPOINT}/deliveries?limit=${PAGE}${query}`);
    if (response.status !== 200) throw new Error(`the delivery log answered ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as { deliveries: unknown[]; next?: string };
    if (body.deliveries.length !== PAGE) throw new Error(`the delivery log answered ${body.deliveries.length} deliveries, not a page of ${PAGE}`);
    return body.next;
  };
  const since = START + Math.floor((END - START) / 2);
  // A page deep in the log: the cursor of the tenth page.
  let cursor: string | undefined;
  for (let n = 0; n < 10; n++) cursor = await page(cursor ? `&cursor=${cursor}` : '');
  const lines: [string, Timing][] = [
    ['delivery log, first page', await time(b.runs, () => page(''))],
    ['delivery log, eleventh page (cursor)', await time(b.runs, () => page(`&cursor=${cursor}`))],
    ['delivery log: failed', await time(b.runs, () => page('&state=failed'))],
    ['delivery log: pending', await time(b.runs, () => page('&state=pending'))],
    ['delivery log: since (mid-year)', await time(b.runs, () => page(`&since=${since}`))],
    ['delivery log: failed since (mid-year)', await time(b.runs, () => page(`&state=failed&since=${since}`))],
  ];
  console.log(`${b.name}: GET /api/webhooks/:id/deliveries through HTTP, ${b.runs} runs each (ms; ratio = p50 / baseline p50)`);
  let ok = true;
  for (const [name, t] of lines) {
    const within = t.p95 <= BUDGET_MS;
    ok &&= within;
    console.log(`  ${name.padEnd(42)} p50 ${ms(t.p50)}  p95 ${ms(t.p95)}  ratio ${(t.p50 / b.baseline.p50).toFixed(1).padStart(5)}  ${within ? 'ok' : `OVER ${BUDGET_MS} ms`}`);
  }
  return ok;
}
