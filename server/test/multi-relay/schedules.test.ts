// Two relay processes on one PostgreSQL database: 200 schedules, created on both, all due at the
// same second, make exactly 200 payments: one per schedule, none twice, whichever relay fires or
// charges. (bench/schedules.ts does the same with 10,000 and a relay killed halfway.)

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../e2e/support/wait-until.js';
import { CARD, postgresUnreachable, startCluster, type RelayCluster } from '../../../e2e/support/relay-cluster.js';
import { onceAt } from '../../src/schedules/once-at.js';

const required = process.env.REQUIRE_POSTGRES === '1';
const pgReason = await postgresUnreachable();
if (pgReason !== undefined && !required) console.warn(`SKIPPED: schedules on two relays: PostgreSQL unreachable (${pgReason})`);

const SCHEDULES = 200;

describe.skipIf(pgReason !== undefined && !required)('scheduled payments on two relays on one PostgreSQL database', () => {
  let cluster: RelayCluster;
  let db: pg.Client;

  beforeAll(async () => {
    if (pgReason !== undefined) throw new Error(`PostgreSQL is unreachable (REQUIRE_POSTGRES=1): ${pgReason}`);
    cluster = await startCluster('postgres', 2, { THROTTLE_PAYMENTS: '0' });
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await cluster?.close();
  }, 60_000);

  it(`makes exactly ${SCHEDULES} payments of ${SCHEDULES} schedules due at one second`, async () => {
    const [a, b] = cluster.apis;
    if (!a || !b) throw new Error('two relays');
    const entityId = a.credentials.entityId;
    const registration = await a.request('POST', '/v1/registrations', { entityId, ...CARD });
    expect(registration.status).toBe(200);
    const registrationId = registration.json.id as string;
    // A second far enough ahead for every schedule to be created before it.
    const due = Math.ceil(Date.now() / 1000) * 1000 + 15_000;
    const ids: string[] = [];
    for (let i = 0; i < SCHEDULES; i += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, j) => (j % 2 === 0 ? a : b).request('POST', '/scheduling/v1/schedules', { entityId, registrationId, amount: '5.00', currency: 'EUR', paymentType: 'DB', 'job.expression': onceAt(due) })),
      );
      for (const r of answers) {
        expect(r.status, JSON.stringify(r.json)).toBe(200);
        ids.push(r.json.id as string);
      }
    }
    expect(Date.now()).toBeLessThan(due);
    const settled = async () => Number((await db.query<{ n: string }>(`select count(*) as n from schedule_occurrences where status <> 'due'`)).rows[0]?.n ?? 0);
    await waitUntil(async () => ((await settled()) >= SCHEDULES ? true : undefined), { what: `${SCHEDULES} occurrences charged`, timeoutMs: 90_000 });

    const occurrences = await db.query<{ schedule_id: string; status: string; payment_id: string | null }>('select schedule_id, status, payment_id from schedule_occurrences');
    expect(occurrences.rows).toHaveLength(SCHEDULES);
    expect(new Set(occurrences.rows.map((o) => o.schedule_id))).toEqual(new Set(ids));
    expect(occurrences.rows.every((o) => o.status === 'succeeded' && o.payment_id !== null)).toBe(true);
    const payments = await db.query<{ id: string; registration_id: string }>(`select id, registration_id from payments where registration_id = $1`, [registrationId]);
    expect(payments.rows).toHaveLength(SCHEDULES);
    expect(new Set(payments.rows.map((p) => p.id))).toEqual(new Set(occurrences.rows.map((o) => o.payment_id)));
    const schedules = await db.query<{ status: string }>('select distinct status from schedules');
    expect(schedules.rows.map((s) => s.status)).toEqual(['ended']);
  }, 180_000);
});
