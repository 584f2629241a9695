// Expired idempotency keys leave the store on the housekeeping round, by the injected clock.

import { withStore } from '../../../e2e/support/relay-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/process/config.js';
import { purgeExpired, startHousekeeping } from '../../src/jobs/housekeeping.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

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
    expect(await purgeExpired(relay.ctx)).toEqual({ idempotencyKeys: 0 });
    expect((await pay('kept-a-day')).headers['idempotent-replayed']).toBe('true');
    relay.clock.advance(2);
    expect(await purgeExpired(relay.ctx)).toEqual({ idempotencyKeys: 1 });
    expect(keysStored()).toBe(stored - 1);
    // The key is unused again: the same request runs as a new payment.
    expect((await pay('kept-a-day')).headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs a round at start and logs what it removed', async () => {
    await pay('to-expire');
    relay.clock.advance(relay.ctx.config.idempotencyTtlMs + 1);
    const expired = keysStored();
    expect(expired).toBeGreaterThan(0);
    const lines: object[] = [];
    const log = { info: (obj: object) => lines.push(obj), error: (obj: object) => lines.push({ error: obj }) };
    const housekeeping = startHousekeeping(relay.ctx, log);
    await housekeeping.stop();
    expect(lines).toEqual([{ purged: { idempotencyKeys: expired } }]);
    expect(keysStored()).toBe(0);
  });

  it('takes the key lifetime from IDEMPOTENCY_TTL_HOURS', () => {
    expect(loadConfig({}).idempotencyTtlMs).toBe(24 * 3_600_000);
    expect(loadConfig({ IDEMPOTENCY_TTL_HOURS: '2' }).idempotencyTtlMs).toBe(2 * 3_600_000);
    expect(() => loadConfig({ IDEMPOTENCY_TTL_HOURS: '1.5' })).toThrow('IDEMPOTENCY_TTL_HOURS must be a whole number');
  });
});
