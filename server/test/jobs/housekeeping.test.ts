// What expires leaves the store on the housekeeping job, by the injected clock: idempotency keys,
// finished jobs, and 3-D Secure challenges the shopper abandoned. The job is queued once per period
// by whichever runner gets there first.

import { withStore } from '../../../e2e/support/relay-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { purgeExpired } from '../../src/app/housekeeping.js';
import { JOB_KINDS } from '../../src/app/job-kinds.js';
import { browserData, startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

const keysStored = (): number => withStore(relay.dataDir, (db) => (db.prepare('select count(*) as n from idempotency_keys').get() as { n: number }).n);

const pay = (key: string) =>
  relay.post('/v1/payments', { entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() }, { headers: { 'idempotency-key': key } });

describe('housekeeping', () => {
  it('removes idempotency keys once they are older than IDEMPOTENCY_TTL, and no sooner', async () => {
    expect((await pay('kept-a-day')).statusCode).toBe(200);
    const stored = keysStored();
    relay.clock.advance(relay.ctx.config.idempotencyTtlMs - 1);
    expect(await purgeExpired(relay.ctx)).toMatchObject({ idempotencyKeys: 0 });
    expect((await pay('kept-a-day')).headers['idempotent-replayed']).toBe('true');
    relay.clock.advance(2);
    expect(await purgeExpired(relay.ctx)).toMatchObject({ idempotencyKeys: 1 });
    expect(keysStored()).toBe(stored - 1);
    // The key is unused again: the same request runs as a new payment.
    expect((await pay('kept-a-day')).headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs as a periodic job: queued once per period by the runner, and run by it', async () => {
    await pay('to-expire');
    relay.clock.advance(relay.ctx.config.idempotencyTtlMs + 1);
    expect(keysStored()).toBeGreaterThan(0);
    const before = await relay.ctx.store.jobs.count(JOB_KINDS.housekeeping);
    await relay.ctx.jobs.runDue();
    await relay.ctx.jobs.runDue();
    const after = await relay.ctx.store.jobs.count(JOB_KINDS.housekeeping);
    expect(after.done).toBe(before.done + 1);
    expect(keysStored()).toBe(0);
    // The next period queues the next round.
    relay.clock.advance(relay.ctx.config.jobs.housekeepingEveryMs);
    await relay.ctx.jobs.runDue();
    expect((await relay.ctx.store.jobs.count(JOB_KINDS.housekeeping)).done).toBe(before.done + 2);
  });

  it('expires a 3-D Secure challenge the shopper abandoned, as declined, once a checkout would have expired', async () => {
    const pending = await relay.post('/v1/payments', {
      entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA',
      ...testCard('4711100000000000'), ...browserData(), shopperResultUrl: 'https://shop.example/result',
    });
    expect(pending.json().result.code).toBe('000.200.000');
    const id = pending.json().id as string;
    relay.clock.advance(relay.ctx.config.checkoutTtlMs - 1);
    expect((await purgeExpired(relay.ctx)).expiredChallenges).toBe(0);
    relay.clock.advance(2);
    expect((await purgeExpired(relay.ctx)).expiredChallenges).toBe(1);
    const read = await relay.get(`/v1/payments/${id}?entityId=${relay.merchant.entityId}`);
    expect(read.json().result.code).toBe('100.396.103');
    // Run again: nothing left to expire.
    expect((await purgeExpired(relay.ctx)).expiredChallenges).toBe(0);
  });

  it('takes the key lifetime from IDEMPOTENCY_TTL_HOURS', () => {
    expect(loadConfig({}).idempotencyTtlMs).toBe(24 * 3_600_000);
    expect(loadConfig({ IDEMPOTENCY_TTL_HOURS: '2' }).idempotencyTtlMs).toBe(2 * 3_600_000);
    expect(() => loadConfig({ IDEMPOTENCY_TTL_HOURS: '1.5' })).toThrow('IDEMPOTENCY_TTL_HOURS must be a whole number');
  });
});
