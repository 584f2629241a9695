// Two relay processes on one database (PostgreSQL, then one SQLite file): 1,000 voucher slips,
// issued on both and confirmed at once (VOUCHER_CONFIRM_BUSINESS_DAYS=0), are confirmed by the
// jobs runners of both relays with exactly one RC each, even while the test-only pay operation
// races the runners on some slips and confirmation jobs are queued a second time (a retried job);
// then a relay killed with SIGKILL while its runner holds slips' jobs: the other confirms them all.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../e2e/support/wait-until.js';
import { postgresUnreachable, startCluster, type RelayCluster } from '../../../e2e/support/relay-cluster.js';
import { jobRecord } from '../../src/domain/job.js';
import { VOUCHER_CONFIRM_JOB } from '../../src/vouchers/jobs.js';
import type { Store } from '../../src/storage/store.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const required = process.env.REQUIRE_POSTGRES === '1';
const pgReason = await postgresUnreachable();
if (pgReason !== undefined && !required) console.warn(`SKIPPED: voucher slips on two relays on PostgreSQL: PostgreSQL unreachable (${pgReason})`);

const SLIPS = 1_000;
/** Slips the test also pays through the test operation while the runners confirm them. */
const RACED = 100;

function oxxo(entityId: string, i: number): Record<string, string> {
  return { entityId, amount: '10.00', currency: 'MXN', paymentType: 'PA', paymentBrand: 'OXXO', 'billing.country': 'MX', shopperResultUrl: 'https://shop.example/result', merchantTransactionId: `slip-order-${i}` };
}

async function countSlips(store: Store, entityId: string, ids: readonly string[]): Promise<{ pending: number; confirmed: number; rcs: number }> {
  const pending = (await store.payments.pendingBefore('slip', Number.MAX_SAFE_INTEGER, SLIPS + 1, entityId)).length;
  let confirmed = 0;
  let rcs = 0;
  for (const id of ids) {
    rcs += (await store.payments.referencing(id, 'RC')).length;
    if ((await store.payments.find(entityId, id))?.status === 'success') confirmed++;
  }
  return { pending, confirmed, rcs };
}

for (const kind of ['postgres', 'sqlite'] as const) {
  const skip = kind === 'postgres' && pgReason !== undefined && !required;
  describe.skipIf(skip)(`voucher slips on two relays on one ${kind === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
    let cluster: RelayCluster;
    let store: Store;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      if (kind === 'postgres' && pgReason !== undefined) throw new Error(`PostgreSQL is unreachable (REQUIRE_POSTGRES=1): ${pgReason}`);
      receiver = await startReceiver();
      // Short leases, so the jobs a killed relay held are taken over within the test.
      cluster = await startCluster(kind, 2, { THROTTLE_PAYMENTS: '0', VOUCHER_CONFIRM_BUSINESS_DAYS: '0', JOBS_LEASE_SECONDS: '3' });
      store = await cluster.openStore();
      // An endpoint for the first test's entity: the relays keep the events of its RCs only then.
      const [a] = cluster.apis;
      if (!a) throw new Error('two relays');
      const created = await a.request('POST', '/v1/webhooks', { entityId: a.credentials.entityId, url: receiver.url, eventTypes: 'PAYMENT' });
      expect(created.json.state).toBe('active');
    }, 120_000);
    afterAll(async () => {
      await store?.close();
      await cluster?.close();
      await receiver?.close();
    }, 60_000);

    it(`confirms ${SLIPS} slips with exactly one RC each`, async () => {
      const [a, b] = cluster.apis;
      if (!a || !b) throw new Error('two relays');
      const entityId = a.credentials.entityId;
      const ids: string[] = [];
      const raced: Promise<number>[] = [];
      for (let i = 0; i < SLIPS; i += 25) {
        const answers = await Promise.all(Array.from({ length: 25 }, (_, j) => (j % 2 === 0 ? a : b).request('POST', '/v1/payments', oxxo(entityId, i + j))));
        for (const r of answers) {
          expect(r.status, JSON.stringify(r.json)).toBe(200);
          const id = r.json.id as string;
          // Some slips are paid by the test operation on the other relay while the runners work.
          if (ids.length < RACED) raced.push((ids.length % 2 === 0 ? b : a).request('POST', `/v1/test/vouchers/${id}/pay`, { entityId }).then((x) => x.status));
          ids.push(id);
        }
      }
      // A confirmation job queued twice for some slips: the second run finds the slip paid.
      await store.jobs.enqueue(ids.slice(0, 200).map((paymentId) => jobRecord({ kind: VOUCHER_CONFIRM_JOB, payload: { paymentId }, runAt: Date.now() }, Date.now(), 3)));
      const racedStatuses = await Promise.all(raced);
      // Each raced pay either confirmed the slip itself (200) or found it paid by a runner (400).
      expect(racedStatuses.every((s) => s === 200 || s === 400)).toBe(true);

      await waitUntil(async () => ((await store.payments.pendingBefore('slip', Number.MAX_SAFE_INTEGER, 1, entityId)).length === 0 ? true : undefined), { what: `${SLIPS} slips confirmed`, timeoutMs: 120_000 });
      // Let the queued second confirmations run too before counting.
      await waitUntil(async () => ((await store.jobs.count(VOUCHER_CONFIRM_JOB)).queued === 0 && (await store.jobs.count(VOUCHER_CONFIRM_JOB)).running === 0 ? true : undefined), { what: 'every confirmation job run', timeoutMs: 60_000 });
      expect(await countSlips(store, entityId, ids)).toEqual({ pending: 0, confirmed: SLIPS, rcs: SLIPS });
      const done = await store.jobs.count(VOUCHER_CONFIRM_JOB);
      expect(done.failed).toBe(0);
      // One PAYMENT notification per RC: none twice.
      const sample = await Promise.all(ids.slice(0, 50).map(async (id) => store.webhooks.eventsOf((await store.payments.referencing(id, 'RC'))[0]?.id ?? '')));
      expect(sample.every((events) => events.length === 1)).toBe(true);
    }, 300_000);

    it('confirms every slip once when a relay is killed while its runner works on them', async () => {
      const [a, b] = cluster.apis;
      const [victim] = cluster.relays;
      if (!a || !b || !victim) throw new Error('two relays');
      const entityId = b.credentials.entityId;
      const ids: string[] = [];
      // Halfway through, while both runners are confirming what was issued, the first relay dies.
      for (let i = 0; i < 300; i += 25) {
        if (i === 150) await victim.kill();
        const answers = await Promise.all(Array.from({ length: 25 }, (_, j) => (j % 2 === 0 && i < 150 ? a : b).request('POST', '/v1/payments', oxxo(entityId, SLIPS + i + j))));
        for (const r of answers) {
          expect(r.status, JSON.stringify(r.json)).toBe(200);
          ids.push(r.json.id as string);
        }
      }
      await waitUntil(async () => ((await store.payments.pendingBefore('slip', Number.MAX_SAFE_INTEGER, 1, entityId)).length === 0 ? true : undefined), { what: 'every slip confirmed by the relay left', timeoutMs: 120_000 });
      const counted = await countSlips(store, entityId, ids);
      expect(counted).toEqual({ pending: 0, confirmed: ids.length, rcs: ids.length });
    }, 300_000);
  });
}
