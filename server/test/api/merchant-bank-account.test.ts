// merchant.bankAccount.*: the channel's payout account (entity set --bank-account-…) in every
// payment answer of that channel, beside the merchant.* the request sent; absent for a channel
// without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
let payee: TestMerchant;
let partial: TestMerchant;
const ACCOUNT = { holder: 'Coffee Shop GmbH', number: 'DE23100000001234567890', bic: 'MARKDEF1100', country: 'DE' };
beforeAll(async () => {
  relay = await startTestRelay();
  payee = await relay.addMerchant({ bankAccount: ACCOUNT });
  partial = await relay.addMerchant({ bankAccount: { holder: 'Jane Jones' } });
});
afterAll(async () => relay.close());

const pay = (m: TestMerchant, extra: Record<string, string> = {}) =>
  relay.post('/v1/payments', { entityId: m.entityId, amount: '10.00', currency: 'EUR', paymentType: 'PA', paymentBrand: 'VISA', ...testCard(), ...extra }, { token: m.token });

describe('merchant.bankAccount', () => {
  it("carries the channel's payout account in the answer and the read, next to the merchant fields sent", async () => {
    const paid = await pay(payee, { 'merchant.name': 'Coffee' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().merchant).toEqual({ name: 'Coffee', bankAccount: ACCOUNT });
    const read = await relay.get(`/v1/payments/${paid.json().id}?entityId=${payee.entityId}`, { token: payee.token });
    expect(read.json().merchant.bankAccount).toEqual(ACCOUNT);
  });

  it('carries it on follow-ups and declines too', async () => {
    const pa = (await pay(payee)).json().id as string;
    const capture = await relay.post(`/v1/payments/${pa}`, { entityId: payee.entityId, amount: '10.00', currency: 'EUR', paymentType: 'CP' }, { token: payee.token });
    expect(capture.json().merchant).toEqual({ bankAccount: ACCOUNT });
    const declined = await pay(payee, { 'card.holder': '800.100.152' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().merchant.bankAccount).toEqual(ACCOUNT);
  });

  it('shows only the fields the channel has', async () => {
    expect((await pay(partial)).json().merchant).toEqual({ bankAccount: { holder: 'Jane Jones' } });
  });

  it('is absent for a channel without one', async () => {
    const body = (await pay(relay.merchant)).json();
    expect(body).not.toHaveProperty('merchant');
  });
});
