// POST /v1/checkouts/{id}: a merchant changes what a checkout will pay between the shopper's
// attempts; the widget then shows, and the payment charges, the new amount. Refused for another
// entity's checkout, an amount its currency cannot carry, a paid, expired or busy checkout.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => relay.close());

const entityId = () => relay.merchant.entityId;

async function prepare(extra: Record<string, string> = {}): Promise<string> {
  const res = await relay.post('/v1/checkouts', { entityId: entityId(), amount: '49.90', currency: 'EUR', paymentType: 'DB', merchantTransactionId: 'order-00000001', ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

const update = (id: string, form: Record<string, string>, token?: string) => relay.post(`/v1/checkouts/${encodeURIComponent(id)}`, form, token ? { token } : {});

/** The card frame's submit, from the relay's own origin. */
function submit(id: string, card = testCard()) {
  return relay.app.inject({
    method: 'POST',
    url: `/v1/checkouts/${encodeURIComponent(id)}/payment`,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ paymentBrand: 'VISA', shopperResultUrl: 'https://shop.example/result', ...card }).toString(),
  });
}

it('changes the amount the widget shows and the payment charges, keeping the other prepared parameters', async () => {
  const id = await prepare();
  const res = await update(id, { entityId: entityId(), amount: '59.90' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ id, result: { code: '000.200.101' } });
  const widget = await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${encodeURIComponent(id)}/widget` });
  expect(widget.json()).toMatchObject({ amount: '59.90', currency: 'EUR' });
  expect((await submit(id)).statusCode).toBe(200);
  const status = (await relay.get(`/v1/checkouts/${encodeURIComponent(id)}/payment?entityId=${entityId()}`)).json();
  expect(status).toMatchObject({ amount: '59.90', currency: 'EUR', merchantTransactionId: 'order-00000001' });
});

it('checks the merged parameters as a prepare: an amount its currency cannot carry is refused, nothing changes', async () => {
  const id = await prepare({ currency: 'JPY', amount: '5000' });
  const res = await update(id, { entityId: entityId(), amount: '10.50' });
  expect(res.statusCode).toBe(400);
  expect(res.json().result.parameterErrors.map((e: { name: string }) => e.name)).toContain('amount');
  const widget = await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${encodeURIComponent(id)}/widget` });
  expect(widget.json().amount).toBe('5000.00');
});

it("answers 404 for another entity's checkout and changes nothing", async () => {
  const id = await prepare();
  const other = await relay.addMerchant();
  const res = await update(id, { entityId: other.entityId, amount: '1.00' }, other.token);
  expect(res.statusCode).toBe(404);
  const widget = await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${encodeURIComponent(id)}/widget` });
  expect(widget.json().amount).toBe('49.90');
});

it('refuses a paid checkout, an expired one, and one whose 3-D Secure payment is pending', async () => {
  const paid = await prepare();
  expect((await submit(paid)).statusCode).toBe(200);
  const afterPaid = await update(paid, { entityId: entityId(), amount: '1.00' });
  expect(afterPaid.statusCode).toBe(400);
  expect(afterPaid.json().resultDetails.ExtendedDescription).toContain('paid');

  const pending = await prepare();
  expect((await submit(pending, testCard('4711100000000000'))).statusCode).toBe(200);
  const busy = await update(pending, { entityId: entityId(), amount: '1.00' });
  expect(busy.statusCode).toBe(409);

  const expired = await prepare();
  relay.clock.advance(31 * 60 * 1000);
  const late = await update(expired, { entityId: entityId(), amount: '1.00' });
  expect(late.statusCode).toBe(400);
  expect(late.json().resultDetails.ExtendedDescription).toContain('expired');
});
