// A payment under an Idempotency-Key whose write fails after the simulator approved it (the
// database went away between the two): the key is freed for the retry and the approval is voided
// with it, so the retry pays once and nothing stays held on the card with no payment to show for
// it. Found while tracing the soak's orphaned-authorization finding (docs/soak.md): the path a
// PostgreSQL connection terminated between the approval and the write takes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';
import { ApiError } from '../../src/domain/errors.js';
import { claimReference } from '../../src/flows/outcome.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => {
  await relay.close();
});

const debit = () => ({ entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', merchantTransactionId: 'order-77', ...testCard() });

describe('a keyed payment whose write fails after the approval', () => {
  it('answers 503, voids the approval with the freed key, and its retry pays once', async () => {
    const store = relay.ctx.store;
    const write = store.writeTogether.bind(store);
    let failures = 0;
    store.writeTogether = async (statements) => {
      if (failures === 0 && statements.some((q) => q.sql.startsWith('insert into "payments"'))) {
        failures += 1;
        throw new ApiError('databaseUnavailable');
      }
      return write(statements);
    };
    const failedAt = relay.clock.now();
    const first = await relay.post('/v1/payments', debit(), { headers: { 'idempotency-key': 'order-77-pay' } });
    store.writeTogether = write;
    expect(failures).toBe(1);
    expect(first.statusCode, first.body).toBe(503);
    const orphan = await store.simulatorJournal.findAuthorization(claimReference(relay.merchant.entityId, 'order-77-pay', failedAt));
    expect(orphan).toMatchObject({ state: 'voided' });

    relay.clock.advance(1_000);
    const retry = await relay.post('/v1/payments', debit(), { headers: { 'idempotency-key': 'order-77-pay' } });
    expect(retry.statusCode, retry.body).toBe(200);
    const query = await relay.get(`/v1/query?entityId=${relay.merchant.entityId}&merchantTransactionId=order-77`);
    const payments = (query.json() as { payments?: Array<{ id: string }> }).payments ?? [];
    expect(payments.map((p) => p.id)).toEqual([(retry.json() as { id: string }).id]);
  });
});
