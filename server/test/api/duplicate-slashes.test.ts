// Paths built as `${host}/${resourcePath}` carry a doubled slash (`//v1/checkouts/{id}/payment`):
// every route answers them as if the slash were single.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

describe('duplicate slashes', () => {
  it('reads a checkout status at //v1/checkouts/{id}/payment', async () => {
    const prepared = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '49.90', currency: 'EUR', paymentType: 'DB' });
    const id = prepared.json().id as string;
    const res = await relay.get(`//v1/checkouts/${id}/payment?entityId=${relay.merchant.entityId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.code).toBe('000.200.000');
  });

  it('pays, follows up and reads with doubled slashes anywhere in the path', async () => {
    const paid = await relay.post('//v1//payments', { entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'PA', paymentBrand: 'VISA', ...testCard() });
    expect(paid.statusCode).toBe(200);
    const id = paid.json().id as string;
    const captured = await relay.post(`/v1//payments///${id}`, { entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'CP' });
    expect(captured.statusCode).toBe(200);
    const read = await relay.get(`//v1/payments/${id}?entityId=${relay.merchant.entityId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(id);
  });
});
