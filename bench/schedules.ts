// npm run bench:schedules — scheduled payments on two relay processes over one PostgreSQL
// database (skipped with a message when it is unreachable):
//   1. creation: BENCH_SCHEDULES (default 10,000) schedules posted over both relays, 32 in flight;
//      baseline in the same run: as many REPEATED payments with the same stored card posted the
//      same way (POST /v1/registrations/{id}/payments), the API's nearest write.
//   2. firing: all of them due at one second; the time from that second until every payment
//      exists, and the count (exactly one payment per schedule: none missing, none twice).
//   3. the same with one relay killed with SIGKILL once half of the payments exist; the survivor
//      takes over the victim's jobs when their leases run out (JOBS_LEASE_SECONDS=5 here).

import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import pg from 'pg';
import { CARD, postgresUnreachable, startCluster, type RelayCluster } from '../e2e/support/relay-cluster.js';
import type { RelayApi } from '../e2e/support/relay-api.js';
import { onceAt } from '../server/src/schedules/once-at.js';

const SCHEDULES = Number.parseInt(process.env.BENCH_SCHEDULES ?? '10000', 10);
const IN_FLIGHT = 32;

/** Posts `count` requests over the relays, `IN_FLIGHT` at a time; per second. */
async function post(apis: RelayApi[], count: number, body: (i: number) => [string, Record<string, string>]): Promise<{ rate: number; ids: string[] }> {
  const ids: string[] = [];
  let next = 0;
  const start = performance.now();
  const worker = async (w: number) => {
    const api = apis[w % apis.length];
    if (!api) throw new Error('no relay');
    for (let i = next++; i < count; i = next++) {
      const [path, form] = body(i);
      const r = await api.request('POST', path, form);
      if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${JSON.stringify(r.json)}`);
      ids.push(r.json.id as string);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
  return { rate: count / ((performance.now() - start) / 1000), ids };
}

async function count(db: pg.Client, query: string, params: unknown[]): Promise<number> {
  return Number((await db.query<{ n: string }>(query, params)).rows[0]?.n ?? 0);
}

interface Round {
  createRate: number;
  /** From the due second until the last payment exists, s. */
  seconds: number;
  payments: number;
  distinctPayments: number;
  schedulesPaid: number;
}

/** One round: N schedules due at one second, on their own registration; `kill` halfway. */
async function round(cluster: RelayCluster, db: pg.Client, kill: boolean): Promise<Round> {
  const apis = cluster.apis;
  const [a] = apis;
  if (!a) throw new Error('no relay');
  const entityId = a.credentials.entityId;
  const registration = await a.request('POST', '/v1/registrations', { entityId, ...CARD });
  const registrationId = registration.json.id as string;
  // Due far enough ahead for every schedule to be written first (at 250/s at worst).
  const due = Math.ceil(Date.now() / 1000) * 1000 + 10_000 + Math.ceil(SCHEDULES / 250) * 1000;
  const created = await post(apis, SCHEDULES, () => ['/scheduling/v1/schedules', { entityId, registrationId, amount: '4.99', currency: 'EUR', paymentType: 'DB', 'job.expression': onceAt(due) }]);
  if (Date.now() >= due) throw new Error('creating the schedules outlasted their due time; lower BENCH_SCHEDULES');
  const paid = () => count(db, 'select count(*) as n from payments where registration_id = $1', [registrationId]);
  await pause(due - Date.now());
  let killed = !kill;
  for (;;) {
    const n = await paid();
    if (!killed && n >= SCHEDULES / 2) {
      await cluster.relays[0]?.kill();
      killed = true;
    }
    if (n >= SCHEDULES) break;
    if (Date.now() - due > 600_000) throw new Error(`only ${n} of ${SCHEDULES} payments after 10 minutes`);
    await pause(20);
  }
  const seconds = (Date.now() - due) / 1000;
  // Anything still running would show as more payments: give it a moment before counting.
  await pause(2_000);
  return {
    createRate: created.rate,
    seconds,
    payments: await paid(),
    distinctPayments: await count(db, `select count(distinct o.payment_id) as n from schedule_occurrences o join schedules s on s.id = o.schedule_id where s.registration_id = $1 and o.status = 'succeeded'`, [registrationId]),
    schedulesPaid: await count(db, `select count(distinct o.schedule_id) as n from schedule_occurrences o join schedules s on s.id = o.schedule_id where s.registration_id = $1 and o.status = 'succeeded'`, [registrationId]),
  };
}

function report(label: string, r: Round): void {
  const exact = r.payments === SCHEDULES && r.distinctPayments === SCHEDULES && r.schedulesPaid === SCHEDULES;
  console.log(
    `${label}: created ${Math.round(r.createRate).toLocaleString('en')} schedules/s; all ${SCHEDULES.toLocaleString('en')} payments ${r.seconds.toFixed(1)} s after the due second; ` +
      `${r.payments.toLocaleString('en')} payments, ${r.schedulesPaid.toLocaleString('en')} schedules paid: ${exact ? 'exactly one each' : 'NOT exactly one each'}`,
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
    const baseline = await post(cluster.apis, SCHEDULES, () => [`/v1/registrations/${card.json.id as string}/payments`, { entityId, amount: '4.99', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' }]);
    console.log(`baseline: ${Math.round(baseline.rate).toLocaleString('en')} REPEATED payments/s posted the same way`);
    report('two relays          ', await round(cluster, db, false));
    report('one killed (SIGKILL)', await round(cluster, db, true));
  } finally {
    await db.end();
    await cluster.close();
  }
}

console.log(`bench:schedules — ${SCHEDULES.toLocaleString('en')} schedules due at one second, two relay processes on one PostgreSQL database`);
const reason = await postgresUnreachable();
if (reason === undefined) await bench();
else console.log(`skipped: PostgreSQL is unreachable (${reason})`);
