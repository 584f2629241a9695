// npm run bench:schedules — scheduled payments on two relay processes over one PostgreSQL
// database (skipped with a message when it is unreachable):
//   1. creation: BENCH_CREATE (default 2,000) schedules posted over both relays, 32 in flight on
//      kept-alive connections (due in a month: they never fire here); baseline in the same run: as
//      many REPEATED payments with a stored card posted the same way
//      (POST /v1/registrations/{id}/payments), the API's nearest write.
//   2. firing: BENCH_SCHEDULES (default 10,000) schedules, written straight into the store (so
//      that the due second does not wait for their creation), all due at one second; the time
//      from that second until every payment exists, and the count (exactly one payment per
//      schedule: none missing, none twice); beside it, how long the baseline's rate would take.
//   3. the same with one relay killed with SIGKILL once half of the payments exist; the survivor
//      takes over the victim's jobs when their leases run out (JOBS_LEASE_SECONDS=5 here).

import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import pg from 'pg';
import { CARD, postgresUnreachable, startCluster, type RelayCluster } from '../e2e/support/relay-cluster.js';
import type { RelayApi } from '../e2e/support/relay-api.js';
import { onceAt } from '../server/src/schedules/once-at.js';
import { FIRE_SHARDS, SCHEDULES_DUE_JOB } from '../server/src/schedules/fire.js';
import { jobRecord } from '../server/src/domain/job.js';
import { newPaymentId } from '../server/src/domain/ids.js';

const SCHEDULES = Number.parseInt(process.env.BENCH_SCHEDULES ?? '10000', 10);
const CREATE = Number.parseInt(process.env.BENCH_CREATE ?? '2000', 10);
/** The due second is this far after the schedules are written, ms. */
const DUE_AFTER_MS = 3_000;
const IN_FLIGHT = 32;
/** How often the round counts the payments: the figure's resolution. */
const POLL_MS = 200;

/**
 * Posts `count` requests over the relays, `IN_FLIGHT` at a time, on kept-alive connections of
 * node:http; per second. The client shares the machine's two cores with what it measures, so it
 * is the lightest one at hand (fetch costs several times as much CPU per request).
 */
async function post(apis: RelayApi[], count: number, body: (i: number) => [string, Record<string, string>]): Promise<{ rate: number; ids: string[] }> {
  const ids: string[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const send = (api: RelayApi, path: string, form: Record<string, string>) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = new URLSearchParams(form).toString();
      const request = http.request(api.url + path, {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${api.credentials.accessToken}`, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) },
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  let next = 0;
  const start = performance.now();
  const worker = async (w: number) => {
    const api = apis[w % apis.length];
    if (!api) throw new Error('no relay');
    for (let i = next++; i < count; i = next++) {
      const [path, form] = body(i);
      const r = await send(api, path, form);
      if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${r.text}`);
      ids.push((JSON.parse(r.text) as { id: string }).id);
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
  } finally {
    agent.destroy();
  }
  return { rate: count / ((performance.now() - start) / 1000), ids };
}

async function count(db: pg.Client, query: string, params: unknown[]): Promise<number> {
  return Number((await db.query<{ n: string }>(query, params)).rows[0]?.n ?? 0);
}

interface Round {
  /** From the due second until the last payment exists, s. */
  seconds: number;
  payments: number;
  distinctPayments: number;
  schedulesPaid: number;
}

/** Writes `count` active schedules of one registration straight into the store, not yet due. */
async function writeSchedules(db: pg.Client, entityId: string, registrationId: string, count: number): Promise<void> {
  const now = Date.now();
  const later = Math.ceil((now + 3_600_000) / 1000) * 1000;
  const expression = onceAt(later);
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, () => {
      const id = newPaymentId(now);
      const response = JSON.stringify({ id, registrationId, paymentType: 'DB', amount: '4.99', currency: 'EUR', job: { expression }, timeZone: 'UTC' });
      return [id, entityId, registrationId, 'DB', 499, 'EUR', expression, 'UTC', null, null, '[]', response, 'active', later, now, now];
    });
    const values = rows.map((r, j) => `(${r.map((_, k) => `$${j * r.length + k + 1}`).join(', ')})`).join(', ');
    await db.query(
      `insert into schedules (id, entity_id, registration_id, payment_type, amount, currency, expression, time_zone, start_at, end_at, payment_params, response_json, status, next_run_at, created_at, updated_at) values ${values}`,
      rows.flat(),
    );
  }
}

/** Makes a registration's schedules due at `at`, with the jobs that fire that second, as a creation would queue them. */
async function dueAt(db: pg.Client, registrationId: string, at: number): Promise<void> {
  await db.query('update schedules set next_run_at = $1, expression = $2 where registration_id = $3', [at, onceAt(at), registrationId]);
  const now = Date.now();
  for (let shard = 0; shard < FIRE_SHARDS; shard++) {
    const j = jobRecord({ kind: SCHEDULES_DUE_JOB, payload: { at }, runAt: at, uniqueKey: `${SCHEDULES_DUE_JOB}@${at}/${shard}` }, now, 10);
    await db.query(
      'insert into jobs (id, kind, payload, state, run_at, attempts, max_attempts, unique_key, created_at, updated_at) values ($1, $2, $3, $4, $5, 0, $6, $7, $8, $8) on conflict (unique_key) do nothing',
      [j.id, j.kind, j.payload, j.state, j.runAt, j.maxAttempts, j.uniqueKey, now],
    );
  }
}

/** One round: N schedules due at one second, on their own registration; `kill` halfway. */
async function round(cluster: RelayCluster, db: pg.Client, kill: boolean): Promise<Round> {
  const [a] = cluster.apis;
  if (!a) throw new Error('no relay');
  const entityId = a.credentials.entityId;
  const registration = await a.request('POST', '/v1/registrations', { entityId, ...CARD });
  const registrationId = registration.json.id as string;
  await writeSchedules(db, entityId, registrationId, SCHEDULES);
  const at = Math.ceil((Date.now() + DUE_AFTER_MS) / 1000) * 1000;
  await dueAt(db, registrationId, at);
  const paid = () => count(db, 'select count(*) as n from payments where registration_id = $1', [registrationId]);
  // While the round runs: the entity's payments since the due second, which are this round's
  // charges, counted on the (entity, time) index instead of reading the whole table each time.
  const paidSoFar = () => count(db, 'select count(*) as n from payments where entity_id = $1 and created_at >= $2', [entityId, at]);
  await pause(Math.max(0, at - Date.now()));
  let killed = !kill;
  for (;;) {
    const n = await paidSoFar();
    if (!killed && n >= SCHEDULES / 2) {
      await cluster.relays[0]?.kill();
      killed = true;
    }
    if (n >= SCHEDULES) break;
    if (Date.now() - at > 900_000) throw new Error(`only ${n} of ${SCHEDULES} payments after 15 minutes`);
    await pause(POLL_MS);
  }
  const seconds = (Date.now() - at) / 1000;
  // Anything still running would show as more payments: give it a moment before counting.
  await pause(2_000);
  return {
    seconds,
    payments: await paid(),
    distinctPayments: await count(db, `select count(distinct o.payment_id) as n from schedule_occurrences o join schedules s on s.id = o.schedule_id where s.registration_id = $1 and o.status = 'succeeded'`, [registrationId]),
    schedulesPaid: await count(db, `select count(distinct o.schedule_id) as n from schedule_occurrences o join schedules s on s.id = o.schedule_id where s.registration_id = $1 and o.status = 'succeeded'`, [registrationId]),
  };
}

function report(label: string, r: Round, baselineRate: number): void {
  const exact = r.payments === SCHEDULES && r.distinctPayments === SCHEDULES && r.schedulesPaid === SCHEDULES;
  console.log(
    `${label}: all ${SCHEDULES.toLocaleString('en')} payments ${r.seconds.toFixed(1)} s after the due second (${Math.round(SCHEDULES / r.seconds).toLocaleString('en')}/s; ` +
      `the baseline's rate: ${(SCHEDULES / baselineRate).toFixed(1)} s); ${r.payments.toLocaleString('en')} payments, ${r.schedulesPaid.toLocaleString('en')} schedules paid: ${exact ? 'exactly one each' : 'NOT exactly one each'}`,
  );
}

async function bench(): Promise<void> {
  const env = { THROTTLE_PAYMENTS: '0', THROTTLE_REGISTRATIONS: '0', JOBS_LEASE_SECONDS: '5', IDEMPOTENCY_CLAIM_LEASE_SECONDS: '5', LOG_LEVEL: 'warn' };
  const cluster = await startCluster('postgres', 2, env);
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    const [a] = cluster.apis;
    if (!a) throw new Error('no relay');
    const entityId = a.credentials.entityId;
    const card = await a.request('POST', '/v1/registrations', { entityId, ...CARD });
    const registrationId = card.json.id as string;
    const baseline = await post(cluster.apis, CREATE, () => [`/v1/registrations/${registrationId}/payments`, { entityId, amount: '4.99', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' }]);
    const inAMonth = onceAt(Math.ceil(Date.now() / 1000) * 1000 + 30 * 24 * 3_600_000);
    const created = await post(cluster.apis, CREATE, () => ['/scheduling/v1/schedules', { entityId, registrationId, amount: '4.99', currency: 'EUR', paymentType: 'DB', 'job.expression': inAMonth }]);
    console.log(`creation: ${Math.round(created.rate).toLocaleString('en')} schedules/s; baseline ${Math.round(baseline.rate).toLocaleString('en')} REPEATED payments/s posted the same way (${CREATE.toLocaleString('en')} each, ${IN_FLIGHT} in flight)`);
    report('two relays          ', await round(cluster, db, false), baseline.rate);
    report('one killed (SIGKILL)', await round(cluster, db, true), baseline.rate);
  } finally {
    await db.end();
    await cluster.close();
  }
}

console.log(`bench:schedules — ${SCHEDULES.toLocaleString('en')} schedules due at one second, two relay processes on one PostgreSQL database`);
const reason = await postgresUnreachable();
if (reason === undefined) await bench();
else console.log(`skipped: PostgreSQL is unreachable (${reason})`);
