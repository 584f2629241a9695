// The jobs repository (jobs/runner.ts, storage/jobs.ts): idempotent enqueueing, claims with a
// lease that two runners never share, fencing by the lease, retries and failures kept; and the
// runner itself over it, on the same database.
//
// The jobs table is global, so each test leaves nothing due behind it (drain), and jobs a test only
// writes are queued far in the future, where no claim of another test reaches them.

import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/clock.js';
import { jobRecord, type JobRecord, type NewJob } from '../../../src/domain/job.js';
import { type JobHandler, JobRunner, PermanentJobError } from '../../../src/jobs/runner.js';
import { defaultConfig } from '../../../src/config/config.js';
import { ApiError } from '../../../src/domain/errors.js';
import type { Store } from '../../../src/storage/store.js';
import { all, type ContractContext, id } from './fixtures.js';

/** Jobs tests run at their own moments, long after every other contract test's T0. */
const J0 = 1_800_000_000_000;

const FAR_FUTURE = 4_000_000_000_000;
const LEASE = 60_000;
const job = (over: Partial<NewJob> = {}, now = J0): JobRecord => jobRecord({ kind: 'test', payload: { n: id() }, runAt: now, ...over }, now, 5);

/** Claims and completes everything due at `now`, so the next test starts from an empty queue. */
async function drain(store: Store, now: number): Promise<void> {
  for (;;) {
    const claimed = await store.jobs.claim('drain', now, now + LEASE, 1_000);
    if (claimed.length === 0) return;
    await store.jobs.complete('drain', claimed.map((j) => j.id), now);
  }
}

function runner(store: Store, clock: ManualClock, handlers: Record<string, JobHandler>, owner = 'relay-a'): JobRunner {
  return new JobRunner({
    store,
    clock,
    owner,
    config: { ...defaultConfig.jobs, retryBaseMs: 1_000, retryMaxMs: 8_000, maxAttempts: 3, batchSize: 50 },
    handlers: new Map(Object.entries(handlers)),
  });
}

export function jobsContract(ctx: () => ContractContext): void {
  describe('jobs repository', () => {
    it('reports the backlog for the metrics: due jobs by kind, counted up to a limit, and the oldest due', async () => {
      const { store } = ctx();
      const now = J0 + 50_000_000;
      const kind = `backlog-${id()}`;
      // Due long before anything else of the suite, so the oldest due job is one of these.
      const early = J0 - 10_000_000;
      await store.jobs.enqueue([job({ kind, runAt: early }, early), job({ kind, runAt: early + 1 }, early), job({ kind, runAt: early + 2 }, early), job({ kind, runAt: now + 1 }, early)]);
      const backlog = await store.jobs.backlog(now, 1_000);
      expect(backlog.dueByKind[kind]).toBe(3);
      expect(backlog.oldestDueAt).toBe(early);
      // Counted up to the limit: a scrape costs the same whatever the backlog.
      const capped = await store.jobs.backlog(now, 2);
      expect(Object.values(capped.dueByKind).reduce((a, b) => a + b, 0)).toBe(2);
      expect(capped.webhookWaiting).toBeLessThanOrEqual(2);
      await drain(store, now + 1);
      expect((await store.jobs.backlog(now + 1, 1_000)).dueByKind[kind]).toBeUndefined();
    });

    it('enqueues a unique key once, however often and however concurrently it is queued', async () => {
      const { store } = ctx();
      const key = `once-${id()}`;
      await all(Array.from({ length: 20 }, () => () => store.jobs.enqueue([job({ uniqueKey: key, runAt: FAR_FUTURE })])));
      await store.transaction((tx) => tx.jobs.enqueue([job({ uniqueKey: key, runAt: FAR_FUTURE })]));
      const found = await store.jobs.findByKey(key);
      expect(found?.state).toBe('queued');
      expect(await store.jobs.count(`none-${id()}`)).toEqual({ queued: 0, running: 0, done: 0, failed: 0 });
    });

    it('claims due jobs only, oldest first, and never a job whose lease still runs', async () => {
      const { store } = ctx();
      const now = J0 + 1_000_000;
      const due = [job({ runAt: now - 2 }), job({ runAt: now - 1 })];
      const later = job({ runAt: now + 10 });
      await store.jobs.enqueue([...due, later]);
      const claimed = await store.jobs.claim('relay-a', now, now + LEASE, 10);
      expect(claimed.map((j) => j.id)).toEqual(due.map((j) => j.id));
      expect(claimed.every((j) => j.state === 'running' && j.leaseOwner === 'relay-a' && j.attempts === 1)).toBe(true);
      expect(await store.jobs.claim('relay-b', now + 5, now + 5 + LEASE, 10)).toEqual([]);
      // Once due, the later one; the running ones only once their lease is out.
      expect((await store.jobs.claim('relay-b', now + 10, now + 10 + LEASE, 10)).map((j) => j.id)).toEqual([later.id]);
      const reclaimed = await store.jobs.claim('relay-b', now + LEASE + 1, now + 2 * LEASE, 10);
      expect(reclaimed.map((j) => j.id).sort()).toEqual(due.map((j) => j.id).sort());
      expect(reclaimed.every((j) => j.leaseOwner === 'relay-b' && j.attempts === 2)).toBe(true);
      // The first owner's lease is gone: its completion changes nothing (fencing).
      expect(await store.jobs.complete('relay-a', due.map((j) => j.id), now + LEASE + 2)).toBe(0);
      expect(await store.jobs.complete('relay-b', [...due, later].map((j) => j.id), now + LEASE + 2)).toBe(3);
      expect((await store.jobs.find(later.id))?.state).toBe('done');
      await drain(store, now + 10 * LEASE);
    });

    it('gives concurrent claimers disjoint batches that together hold every due job', async () => {
      const { store, harness } = ctx();
      const now = J0 + 2_000_000;
      const jobs = Array.from({ length: 200 }, (_, i) => job({ runAt: now - 1 - i }));
      await store.jobs.enqueue(jobs);
      const others = harness.parallelStores ? await Promise.all([harness.open(), harness.open()]) : [];
      const stores = [store, ...others];
      try {
        const claimed = await all(Array.from({ length: 12 }, (_, i) => () => (stores[i % stores.length] as Store).jobs.claim(`runner-${i}`, now, now + LEASE, 25)));
        const ids = claimed.flat().map((j) => j.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set(jobs.map((j) => j.id)));
      } finally {
        for (const other of others) await other.close();
      }
      await drain(store, now + 10 * LEASE);
    });

    it('takes at most perGroup jobs of a group in one claim, any number without a group, none of a skipped group, and never one twice', async () => {
      const { store, harness } = ctx();
      const now = J0 + 2_500_000;
      const [a, b, c] = ['a', 'b', 'c'].map((g) => `group-${g}-${id()}`) as [string, string, string];
      const jobs = [
        ...Array.from({ length: 40 }, (_, i) => job({ runAt: now - 100 + i, groupKey: a })),
        ...Array.from({ length: 3 }, (_, i) => job({ runAt: now - 50 + i, groupKey: b })),
        ...Array.from({ length: 6 }, (_, i) => job({ runAt: now - 40 + i, groupKey: c })),
        ...Array.from({ length: 5 }, (_, i) => job({ runAt: now - 30 + i })),
      ];
      await store.jobs.enqueue(jobs);
      const first = await store.jobs.claim('relay-a', now, now + LEASE, 30, { skip: [c], perGroup: 4 });
      const byGroup = (claimed: readonly JobRecord[]) => claimed.reduce((m, j) => m.set(j.groupKey, (m.get(j.groupKey) ?? 0) + 1), new Map<string | null, number>());
      expect(byGroup(first)).toEqual(new Map<string | null, number>([[a, 4], [b, 3], [null, 5]]));
      // The oldest of a group go first.
      expect(first.filter((j) => j.groupKey === a).map((j) => j.runAt)).toEqual([now - 100, now - 99, now - 98, now - 97]);

      // Capped claims from several connections at once still never share a job, and take them all.
      const others = harness.parallelStores ? await Promise.all([harness.open(), harness.open()]) : [];
      const stores = [store, ...others];
      try {
        const taken = new Set(first.map((j) => j.id));
        for (let round = 0; round < 20 && taken.size < jobs.length; round++) {
          const batches = await all(Array.from({ length: 6 }, (_, i) => () => (stores[i % stores.length] as Store).jobs.claim(`runner-${i}`, now, now + LEASE, 8, { skip: [], perGroup: 2 })));
          for (const batch of batches) {
            for (const [group, n] of byGroup(batch)) if (group !== null) expect(n).toBeLessThanOrEqual(2);
            for (const j of batch) {
              expect(taken.has(j.id)).toBe(false);
              taken.add(j.id);
            }
          }
        }
        expect(taken).toEqual(new Set(jobs.map((j) => j.id)));
      } finally {
        for (const other of others) await other.close();
      }
      await drain(store, now + 10 * LEASE);
    });

    it('a runner with a group limit holds at most twice that many jobs of a group less one, and claims again as soon as the group has room', async () => {
      const { store } = ctx();
      const clock = new ManualClock(J0 + 2_700_000);
      const group = `endpoint-${id()}`;
      const limit = 3;
      let running = 0;
      let most = 0;
      let ran = 0;
      // Within each claimed batch one job ends at once and the others wait until the runner has
      // filled the room the first left while they still run (more than `limit` at once): an event,
      // not a time, so a busy machine cannot end them before the runner claims again. A runner
      // that never claims again leaves them waiting, and the count below falls short.
      let filled!: () => void;
      const roomFilled = new Promise<void>((resolve) => (filled = resolve));
      const slow: JobHandler = async (payload) => {
        running++;
        most = Math.max(most, running);
        if (running > limit) filled();
        if ((payload as { i: number }).i % limit !== 0) await roomFilled;
        running--;
        ran++;
      };
      await store.jobs.enqueue(Array.from({ length: 40 }, (_, i) => job({ kind: 'slow', payload: { i }, runAt: clock.now() - 40 + i, groupKey: group }, clock.now())));
      // A poll an hour away: only the runner's own wake-ups can finish the backlog in time.
      const r = new JobRunner({ store, clock, owner: 'relay-a', config: { ...defaultConfig.jobs, pollMs: 3_600_000, batchSize: 50, concurrency: 64 }, handlers: new Map([['slow', slow]]), groupLimit: limit });
      await r.start({ info: () => undefined, warn: () => undefined, error: () => undefined });
      try {
        for (let waited = 0; ran < 40 && waited < 20_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      } finally {
        await r.stop();
      }
      expect(ran).toBe(40);
      expect(most).toBeGreaterThan(limit);
      expect(most).toBeLessThanOrEqual(2 * limit - 1);
      expect(await store.jobs.count('slow')).toMatchObject({ queued: 0, running: 0 });
    });

    it('queues a retry or keeps a failure, each only under the lease, and releases what an owner holds', async () => {
      const { store } = ctx();
      const now = J0 + 3_000_000;
      const [a, b, c] = [job({ runAt: now }), job({ runAt: now }), job({ runAt: now })];
      await store.jobs.enqueue([a, b, c].map((j) => j as JobRecord));
      await store.jobs.claim('relay-a', now, now + LEASE, 10);
      expect(await store.jobs.finishWithError('relay-b', a.id, 'not mine', { state: 'failed' }, now)).toBe(false);
      expect(await store.jobs.finishWithError('relay-a', a.id, 'Error: boom', { state: 'queued', runAt: now + 500 }, now)).toBe(true);
      expect(await store.jobs.finishWithError('relay-a', b.id, 'Error: broken', { state: 'failed' }, now)).toBe(true);
      expect(await store.jobs.find(a.id)).toMatchObject({ state: 'queued', runAt: now + 500, attempts: 1, lastError: 'Error: boom', leaseUntil: null });
      expect(await store.jobs.find(b.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'Error: broken' });
      expect(await store.jobs.release('relay-a', now + 1, false)).toBe(1);
      expect(await store.jobs.find(c.id)).toMatchObject({ state: 'queued', runAt: now + 1, attempts: 0, leaseOwner: null });
      // After a crash, the relay restarted takes it back with its try counted.
      await store.jobs.claim('relay-a', now + 2, now + 2 + LEASE, 10);
      expect(await store.jobs.release('relay-a', now + 3, true)).toBe(1);
      expect(await store.jobs.find(c.id)).toMatchObject({ state: 'queued', runAt: now + 3, attempts: 1, leaseOwner: null });
      await drain(store, now + 10 * LEASE);
      // Finished jobs are forgotten by age.
      expect(await store.jobs.purgeFinished(now + 10 * LEASE + 1)).toBeGreaterThanOrEqual(3);
      expect(await store.jobs.find(b.id)).toBeUndefined();
    });
  });

  describe('the job runner over the jobs repository', () => {
    it('runs due jobs, retries a throwing handler with a doubling delay, and keeps it as failed after the last try', async () => {
      const { store } = ctx();
      const clock = new ManualClock(J0 + 4_000_000);
      const seen: string[] = [];
      let flakyCalls = 0;
      const r = runner(store, clock, {
        ok: async (payload) => {
          seen.push((payload as { n: string }).n);
        },
        flaky: async () => {
          flakyCalls++;
          throw new Error(`down (${flakyCalls})`);
        },
      });
      await r.enqueue({ kind: 'ok', payload: { n: 'first' }, runAt: clock.now() });
      await r.enqueue({ kind: 'flaky', payload: {}, runAt: clock.now(), uniqueKey: `flaky-${id()}` });
      expect(await r.runDue()).toEqual({ claimed: 2, done: 1, retried: 1, failed: 0 });
      expect(seen).toEqual(['first']);
      // Not before its delay (1 s after the first try), then 2 s after the second.
      clock.advance(999);
      expect((await r.runDue()).claimed).toBe(0);
      clock.advance(1);
      expect(await r.runDue()).toEqual({ claimed: 1, done: 0, retried: 1, failed: 0 });
      clock.advance(2_000);
      expect(await r.runDue()).toEqual({ claimed: 1, done: 0, retried: 0, failed: 1 });
      expect(flakyCalls).toBe(3);
      const counts = await store.jobs.count('flaky');
      expect(counts.failed).toBeGreaterThanOrEqual(1);
      clock.advance(60_000);
      expect((await r.runDue()).claimed).toBe(0);
    });

    it('retries a try cut short by a database outage after the first delay, however many tries came before, and never fails it for good for that', async () => {
      const { store } = ctx();
      const clock = new ManualClock(J0 + 4_500_000);
      let calls = 0;
      const r = runner(store, clock, {
        outage: async () => {
          calls++;
          // The store's answer while the database is away (app/database-status.ts).
          throw new ApiError('databaseUnavailable');
        },
      });
      // A job past its last try by count (maxAttempts 3), as a webhook delivery many rungs up its ladder.
      for (let i = 0; i < 4; i++) {
        if (i === 0) await r.enqueue({ kind: 'outage', payload: {}, runAt: clock.now(), uniqueKey: `outage-${id()}` });
        expect(await r.runDue()).toEqual({ claimed: 1, done: 0, retried: 1, failed: 0 });
        clock.advance(999);
        expect((await r.runDue()).claimed).toBe(0);
        clock.advance(1);
      }
      expect(calls).toBe(4);
      expect(await store.jobs.count('outage')).toMatchObject({ queued: 1, failed: 0 });
      await drain(store, clock.now());
    });

    it('fails a malformed payload, an unknown kind and a permanent error at once, and only that job', async () => {
      const { store } = ctx();
      const clock = new ManualClock(J0 + 5_000_000);
      const ran: string[] = [];
      const r = runner(store, clock, {
        strict: async (payload) => {
          if (typeof payload !== 'object' || payload === null || typeof (payload as { n?: unknown }).n !== 'string') throw new PermanentJobError('payload needs n');
          ran.push((payload as { n: string }).n);
        },
      });
      const broken: JobRecord = { ...job({ kind: 'strict' }, clock.now()), payload: '{not json' };
      const wrongShape = job({ kind: 'strict', payload: { n: 42 } }, clock.now());
      const unknown = job({ kind: `unknown-${id()}` }, clock.now());
      const good = job({ kind: 'strict', payload: { n: 'good' } }, clock.now());
      await store.jobs.enqueue([broken, wrongShape, unknown, good]);
      expect(await r.runDue()).toEqual({ claimed: 4, done: 1, retried: 0, failed: 3 });
      expect(ran).toEqual(['good']);
      expect(await store.jobs.find(broken.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: expect.stringContaining('not JSON') });
      expect(await store.jobs.find(wrongShape.id)).toMatchObject({ state: 'failed', lastError: expect.stringContaining('payload needs n') });
      expect(await store.jobs.find(unknown.id)).toMatchObject({ state: 'failed', lastError: expect.stringContaining('no handler') });
      expect(await store.jobs.find(good.id)).toMatchObject({ state: 'done' });
    });

    it('takes over the jobs of a runner that died once their lease runs out, and runs each job once in all', async () => {
      const { store } = ctx();
      const clock = new ManualClock(J0 + 6_000_000);
      const runs = new Map<string, number>();
      const count: JobHandler = async (payload) => {
        const n = (payload as { n: string }).n;
        runs.set(n, (runs.get(n) ?? 0) + 1);
      };
      const jobs = Array.from({ length: 30 }, (_, i) => job({ kind: 'count', payload: { n: `j${i}` } }, clock.now()));
      await store.jobs.enqueue(jobs);
      // relay-a claims a batch and dies before running it.
      const taken = await store.jobs.claim('relay-a', clock.now(), clock.now() + LEASE, 10);
      expect(taken).toHaveLength(10);
      const b = runner(store, clock, { count }, 'relay-b');
      expect((await b.runDue()).done).toBe(20);
      clock.advance(LEASE + 1);
      expect((await b.runDue()).done).toBe(10);
      expect(runs.size).toBe(30);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
    });

    it('queues a periodic job once per period, however many runners and rounds', async () => {
      const { store } = ctx();
      const clock = new ManualClock(J0 + 7_000_000 - ((J0 + 7_000_000) % 60_000));
      let ran = 0;
      const kind = `tick-${id()}`;
      const make = (owner: string) =>
        new JobRunner({ store, clock, owner, config: { ...defaultConfig.jobs }, handlers: new Map([[kind, async () => void ran++]]), periodic: [{ kind, everyMs: 60_000 }] });
      const [a, b] = [make('relay-a'), make('relay-b')];
      await a.runDue();
      await b.runDue();
      await a.runDue();
      expect(ran).toBe(1);
      clock.advance(60_000);
      await b.runDue();
      await a.runDue();
      expect(ran).toBe(2);
    });
  });
}
