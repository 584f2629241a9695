// Two relay processes on one store lose nothing and do nothing twice: on PostgreSQL (several relays
// behind a load balancer) and on one SQLite file (several processes on one host). A payment made on
// one is followed up on the other; a burst of one Idempotency-Key over both makes one payment; jobs
// queued while both run are each run once; a relay killed with SIGKILL in the middle of jobs and
// payments loses no acknowledged payment and no job.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../e2e/support/wait-until.js';
import { jobRecord } from '../../src/domain/job.js';
import { JOB_KINDS } from '../../src/app/job-kinds.js';
import type { Store } from '../../src/storage/store.js';
import { CARD, postgresUnreachable, startCluster, type RelayCluster } from '../../../e2e/support/relay-cluster.js';

const required = process.env.REQUIRE_POSTGRES === '1';
const pgReason = await postgresUnreachable();
if (pgReason !== undefined && !required) console.warn(`SKIPPED: two relays on PostgreSQL: unreachable (${pgReason})`);

/** Lines "jobId relayId" the probe jobs wrote, per job id. */
async function probeRuns(file: string): Promise<Map<string, string[]>> {
  const runs = new Map<string, string[]>();
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return runs;
  }
  for (const line of text.split('\n')) {
    const [id, relay] = line.split(' ');
    if (!id || !relay) continue;
    runs.set(id, [...(runs.get(id) ?? []), relay]);
  }
  return runs;
}

const probes = (count: number, now: number) => Array.from({ length: count }, (_, i) => jobRecord({ kind: JOB_KINDS.probe, payload: { i }, runAt: now }, now, 5));

for (const kind of ['postgres', 'sqlite'] as const) {
  const skip = kind === 'postgres' && pgReason !== undefined && !required;
  describe.skipIf(skip)(`two relays on one ${kind === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
    let cluster: RelayCluster;
    let store: Store;
    let probeLog: string;

    beforeAll(async () => {
      if (kind === 'postgres' && pgReason !== undefined) throw new Error(`PostgreSQL is unreachable (REQUIRE_POSTGRES=1): ${pgReason}`);
      probeLog = join(process.env.TMPDIR ?? '/tmp', `paywidgets-probe-${kind}-${process.pid}-${Date.now()}.log`);
      // Short leases, so a relay killed mid-job has its jobs taken over within the test.
      // Registrations are throttled at 3 a second per entity, counted in Redis for both relays.
      cluster = await startCluster(kind, 2, {
        RELAY_JOB_PROBE_LOG: probeLog,
        JOBS_LEASE_SECONDS: '5',
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `paywidgets-test-${process.pid}-${kind}-${Date.now()}:`,
        THROTTLE_REGISTRATIONS: '3',
      });
      store = await cluster.openStore();
    }, 120_000);
    afterAll(async () => cluster?.close(), 60_000);

    it('follows up on one relay a payment made on the other', async () => {
      const [a, b] = cluster.apis;
      if (!a || !b) throw new Error('two relays');
      const entityId = a.credentials.entityId;
      const pa = await a.request('POST', '/v1/payments', { entityId, amount: '100.00', currency: 'EUR', paymentType: 'PA', ...CARD });
      expect(pa.status).toBe(200);
      const id = pa.json.id as string;
      expect((await b.request('POST', `/v1/payments/${id}`, { entityId, amount: '60.00', currency: 'EUR', paymentType: 'CP' })).status).toBe(200);
      expect((await a.request('POST', `/v1/payments/${id}`, { entityId, amount: '40.01', currency: 'EUR', paymentType: 'CP' })).status).toBe(400);
      expect((await a.request('POST', `/v1/payments/${id}`, { entityId, amount: '40.00', currency: 'EUR', paymentType: 'CP' })).status).toBe(200);
      const read = await b.request('GET', `/v1/payments/${id}`, { entityId });
      expect(read.json.id).toBe(id);
    });

    it('makes one payment of a burst of 50 identical requests with one Idempotency-Key spread over both', async () => {
      const [a, b] = cluster.apis;
      if (!a || !b) throw new Error('two relays');
      const entityId = a.credentials.entityId;
      const key = `burst-${kind}-${Date.now()}`;
      const body = { entityId, amount: '12.34', currency: 'EUR', paymentType: 'DB', merchantTransactionId: key, ...CARD };
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).request('POST', '/v1/payments', body, { 'idempotency-key': key })));
      const ok = answers.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((r) => r.json.id)).size).toBe(1);
      // The others were told the first was still running.
      expect(answers.every((r) => r.status === 200 || (r.status === 409 && (r.json.result as { code: string }).code === '800.110.100'))).toBe(true);
      // After the burst, every retry replays the one payment.
      const again = await b.request('POST', '/v1/payments', body, { 'idempotency-key': key });
      expect(again.json.id).toBe(ok[0]?.json.id);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    });

    it('enforces one throttle limit together through Redis: three registrations on each relay pass its own count, not the shared one', async () => {
      const [a, b] = cluster.apis;
      if (!a || !b) throw new Error('two relays');
      const entityId = a.credentials.entityId;
      const register = (api: typeof a) => api.request('POST', '/v1/registrations', { entityId, ...CARD });
      let throttled = 0;
      // Windows are whole seconds on every relay: start just after a boundary, so that the six
      // requests fall in one window. A try that straddles two (a busy machine can take a second
      // for six requests) is made again, up to ten times.
      for (let attempt = 0; attempt < 10 && throttled === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 20));
        const answers = await Promise.all([a, a, a, b, b, b].map(register));
        expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
        const refused = answers.filter((r) => r.status === 429);
        for (const r of refused) expect((r.json.result as { code: string }).code).toBe('800.120.100');
        throttled = refused.length;
      }
      expect(throttled).toBeGreaterThan(0);
    });

    it('runs each of 1,000 jobs queued while both run exactly once, shared between the relays', async () => {
      const jobs = probes(1_000, Date.now());
      const before = (await store.jobs.count(JOB_KINDS.probe)).done;
      await store.jobs.enqueue(jobs);
      await waitUntil(async () => ((await store.jobs.count(JOB_KINDS.probe)).done >= before + 1_000 ? true : undefined), { what: '1,000 jobs done', timeoutMs: 60_000 });
      const runs = await probeRuns(probeLog);
      for (const job of jobs) expect(runs.get(job.id), `job ${job.id}`).toHaveLength(1);
      const byRelay = new Set(jobs.flatMap((job) => runs.get(job.id) ?? []));
      expect(byRelay).toEqual(new Set(['relay-a', 'relay-b']));
    }, 90_000);

    it('loses no acknowledged payment and no job when one relay is killed in the middle of both', async () => {
      const [a, b] = cluster.apis;
      const victim = cluster.relays[0];
      if (!a || !b || !victim) throw new Error('two relays');
      const entityId = a.credentials.entityId;
      const jobs = probes(2_000, Date.now());
      await store.jobs.enqueue(jobs);
      // Payments on both relays while the jobs run; the victim dies in the middle.
      const acknowledged: string[] = [];
      const pay = async (api: typeof a, n: number) => {
        for (let i = 0; i < n; i++) {
          try {
            const r = await api.request('POST', '/v1/payments', { entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB', ...CARD });
            if (r.status === 200) acknowledged.push(r.json.id as string);
          } catch {
            // The connection died with the relay: not acknowledged, so the merchant retries.
          }
        }
      };
      const payments = Promise.all([pay(a, 40), pay(b, 40)]);
      await waitUntil(async () => ((await store.jobs.count(JOB_KINDS.probe)).done > 0 && acknowledged.length >= 10 ? true : undefined), { what: 'work under way', timeoutMs: 30_000 });
      await victim.kill();
      await payments;
      // The survivor finishes every job, the victim's included once their leases run out.
      const unfinished = async () => {
        const counts = await store.jobs.count(JOB_KINDS.probe);
        return counts.queued + counts.running;
      };
      await waitUntil(async () => ((await unfinished()) === 0 ? true : undefined), { what: 'every job finished by the survivor', timeoutMs: 60_000 });
      for (const job of jobs) expect((await store.jobs.find(job.id))?.state, `job ${job.id}`).toBe('done');
      const runs = await probeRuns(probeLog);
      for (const job of jobs) expect(runs.get(job.id)?.length ?? 0, `job ${job.id} ran`).toBeGreaterThanOrEqual(1);
      for (const id of acknowledged) expect((await b.request('GET', `/v1/payments/${id}`, { entityId })).status, `payment ${id}`).toBe(200);
      expect(acknowledged.length).toBeGreaterThan(40);
      // The victim, restarted under its id, takes its place and works on the same store.
      const restarted = await cluster.start('relay-a');
      const again = await fetch(`${restarted.url}/v1/payments/${acknowledged[0]}?entityId=${entityId}`, { headers: { authorization: `Bearer ${a.credentials.accessToken}` } });
      expect(again.status).toBe(200);
    }, 180_000);
  });
}
