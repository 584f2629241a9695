// Parameters an operation does not use (unknown names, and names of other operations) are ignored
// by default, and refused for an entity with strict parameters; a used parameter with a bad value
// is refused either way. Reads and deletes take their query string through the same catalogue.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
let strict: TestMerchant;
const log: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  relay = await startTestRelay({ logLevel: 'debug' }, {}, stream);
  strict = await relay.addMerchant({ strictParameters: true });
});
afterAll(async () => relay.close());

const pa = (entityId: string, extra: Record<string, string> = {}, token?: string) =>
  relay.post('/v1/payments', { entityId, amount: '10.00', currency: 'EUR', paymentType: 'PA', paymentBrand: 'VISA', ...testCard(), ...extra }, token ? { token } : {});

describe('by default', () => {
  it('ignores unknown names and names of other operations, and logs their names at debug', async () => {
    const paid = await pa(relay.merchant.entityId, { 'shop.orderRef': 'A-17', _token: 'csrf', integrity: 'true' });
    expect(paid.statusCode).toBe(200);
    const capture = await relay.post(`/v1/payments/${paid.json().id}`, {
      entityId: relay.merchant.entityId,
      amount: '10.00',
      currency: 'EUR',
      paymentType: 'CP',
      paymentBrand: 'VISA',
      'card.holder': 'Jane Jones',
    });
    expect(capture.statusCode).toBe(200);
    expect(capture.json()).not.toHaveProperty('paymentBrand', undefined);
    const line = log.find((l) => l.includes('unused parameters ignored') && l.includes('paymentBrand'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}').unused).toEqual(['paymentBrand', 'card.holder']);
  });

  it('still refuses a parameter the operation uses with a bad value', async () => {
    const res = await pa(relay.merchant.entityId, { amount: '10.0', 'shop.orderRef': 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.parameterErrors).toEqual([{ name: 'amount', value: '10.0', message: expect.any(String) }]);
  });

  it('reads a payment with extra query parameters, and still checks entityId', async () => {
    const paid = await pa(relay.merchant.entityId);
    const read = await relay.get(`/v1/payments/${paid.json().id}?entityId=${relay.merchant.entityId}&merchantTransactionId=order-17&_=1700000000`);
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(paid.json().id);
    const missing = await relay.get(`/v1/payments/${paid.json().id}?merchantTransactionId=order-17`);
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('an entity with strict parameters', () => {
  it('refuses unknown names and names of other operations', async () => {
    const unknown = await pa(strict.entityId, { amont: '10.00' }, strict.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().result.parameterErrors).toEqual([{ name: 'amont', value: '10.00', message: 'unknown parameter' }]);

    const paid = await pa(strict.entityId, {}, strict.token);
    expect(paid.statusCode).toBe(200);
    const capture = await relay.post(`/v1/payments/${paid.json().id}`, { entityId: strict.entityId, amount: '10.00', currency: 'EUR', paymentType: 'CP', paymentBrand: 'VISA' }, { token: strict.token });
    expect(capture.statusCode).toBe(400);
    expect(capture.json().result.parameterErrors).toEqual([{ name: 'paymentBrand', value: 'VISA', message: 'unknown parameter' }]);
  });

  it('refuses an unused query parameter on a read and a delete', async () => {
    const paid = await pa(strict.entityId, { createRegistration: 'true' }, strict.token);
    const read = await relay.get(`/v1/payments/${paid.json().id}?entityId=${strict.entityId}&extra=1`, { token: strict.token });
    expect(read.statusCode).toBe(400);
    expect(read.json().result.parameterErrors).toEqual([{ name: 'extra', value: '1', message: 'unknown parameter' }]);
    const registrationId = paid.json().registrationId as string;
    const del = await relay.del(`/v1/registrations/${registrationId}?entityId=${strict.entityId}&extra=1`, { token: strict.token });
    expect(del.statusCode).toBe(400);
    expect((await relay.get(`/v1/registrations/${registrationId}?entityId=${strict.entityId}`, { token: strict.token })).statusCode).toBe(200);
  });
});
