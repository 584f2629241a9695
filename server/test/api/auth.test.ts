// Authentication and object-level authorization (A1, A5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
let other: TestMerchant;
beforeAll(async () => {
  relay = await startTestRelay();
  other = await relay.addMerchant();
});
afterAll(async () => relay.close());

const pay = (entityId: string, extra: Record<string, string> = {}) => ({ entityId, amount: '50.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...extra });

describe('tokens', () => {
  it('answers a missing or malformed header with 401 and a wrong token with 403', async () => {
    const missing = await relay.post('/v1/payments', pay(relay.merchant.entityId), { token: null });
    expect(missing.statusCode).toBe(401);
    for (const header of ['Basic abc', 'Bearer', 'Bearer short', `bearer ${relay.merchant.token}`, `Bearer ${relay.merchant.token} x`]) {
      const res = await relay.post('/v1/payments', pay(relay.merchant.entityId), { token: null, headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
    }
    const wrong = await relay.post('/v1/payments', pay(relay.merchant.entityId), { token: `${relay.merchant.token.slice(0, -2)}xx` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().result.code).toBe('800.900.300');
  });

  it('checks the token before reading a body', async () => {
    const res = await relay.post('/v1/payments', 'amount=1&amount=2', { token: null });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token in the query string even with a valid header', async () => {
    const res = await relay.get(`/v1/payments/${'a'.repeat(32)}?entityId=${relay.merchant.entityId}&access_token=${relay.merchant.token}`);
    expect(res.statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const merchant = await relay.ctx.store.merchants.find(relay.merchant.merchantId);
    expect(merchant?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(merchant?.tokenHash).not.toContain(relay.merchant.token);
  });

  it("refuses an entity of another merchant", async () => {
    const res = await relay.post('/v1/payments', pay(other.entityId));
    expect(res.statusCode).toBe(403);
    expect(res.json().result.code).toBe('800.900.201');
  });
});

describe("another merchant's objects are 404 (A1)", () => {
  it('cannot read, capture, refund or reverse them', async () => {
    const pa = (await relay.post('/v1/payments', pay(relay.merchant.entityId, { paymentType: 'PA' }))).json();
    const db = (await relay.post('/v1/payments', pay(relay.merchant.entityId))).json();
    const as = { token: other.token };
    expect((await relay.get(`/v1/payments/${db.id}?entityId=${other.entityId}`, as)).statusCode).toBe(404);
    // /v1/query answers an id the entity does not have as "cannot find transaction" (700.400.580).
    const query = await relay.get(`/v1/query/${db.id}?entityId=${other.entityId}`, as);
    expect(query.statusCode).toBe(400);
    expect(query.json().result.code).toBe('700.400.580');
    const ops: { id: string; form: Record<string, string> }[] = [
      { id: pa.id, form: { paymentType: 'CP', amount: '1.00', currency: 'EUR' } },
      { id: db.id, form: { paymentType: 'RF', amount: '1.00', currency: 'EUR' } },
      { id: db.id, form: { paymentType: 'RV' } },
    ];
    for (const op of ops) {
      const res = await relay.post(`/v1/payments/${op.id}`, { entityId: other.entityId, ...op.form }, as);
      expect(res.statusCode, op.form.paymentType).toBe(404);
    }
    // The owner still can.
    expect((await relay.post(`/v1/payments/${pa.id}`, { entityId: relay.merchant.entityId, paymentType: 'CP', amount: '1.00', currency: 'EUR' })).statusCode).toBe(200);
  });

  it('a second entity of the same merchant does not see the first one\'s payments', async () => {
    const second = await relay.addEntity(relay.merchant.merchantId);
    const db = (await relay.post('/v1/payments', pay(relay.merchant.entityId))).json();
    expect((await relay.get(`/v1/payments/${db.id}?entityId=${second}`)).statusCode).toBe(404);
  });

  it('cannot use or delete their registrations', async () => {
    const reg = (await relay.post('/v1/registrations', { entityId: relay.merchant.entityId, paymentBrand: 'VISA', ...testCard() })).json();
    const as = { token: other.token };
    const payWith = await relay.post(`/v1/registrations/${reg.id}/payments`, { entityId: other.entityId, amount: '5.00', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' }, as);
    expect(payWith.statusCode).toBe(404);
    expect((await relay.del(`/v1/registrations/${reg.id}?entityId=${other.entityId}`, as)).statusCode).toBe(404);
    expect((await relay.get(`/v1/registrations/${reg.id}?entityId=${relay.merchant.entityId}`)).statusCode).toBe(200);
  });
});
