// useSummaryPage: the widget saves the shopper's data on the checkout without paying
// (POST /v1/checkouts/{id}/transactionData, relay origin only), the merchant may change the amount
// (POST /v1/checkouts/{id}), and its server pays with its token (POST /v1/checkouts/{id}/payment).
// The saved card number is sealed; the CVV is never kept.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => relay.close());

const entityId = () => relay.merchant.entityId;

async function prepare(extra: Record<string, string> = {}): Promise<string> {
  const res = await relay.post('/v1/checkouts', { entityId: entityId(), amount: '49.90', currency: 'EUR', paymentType: 'DB', ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

/** The card frame's submit, from the relay's own origin. */
function frameSubmit(id: string, action: 'transactionData' | 'payment', form: Record<string, string>, origin = 'http://localhost:80') {
  return relay.app.inject({
    method: 'POST',
    url: `/v1/checkouts/${encodeURIComponent(id)}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin, host: 'localhost:80', 'sec-fetch-site': origin === 'http://localhost:80' ? 'same-origin' : 'cross-site' },
    payload: new URLSearchParams({ shopperResultUrl: 'https://shop.example/result', ...form }).toString(),
  });
}

const complete = (id: string, token?: string, entity = entityId()) => relay.post(`/v1/checkouts/${encodeURIComponent(id)}/payment`, { entityId: entity }, token ? { token } : {});

it('saves without paying, then the merchant pays the changed amount with its token', async () => {
  const id = await prepare();
  const saved = await frameSubmit(id, 'transactionData', { paymentBrand: 'VISA', ...testCard() });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ id, result: { code: '000.200.101' }, ndc: expect.any(String), timestamp: expect.any(String), buildNumber: expect.any(String) });
  // Nothing was paid: the status reads the checkout as created.
  const before = await relay.get(`/v1/checkouts/${encodeURIComponent(id)}/payment?entityId=${entityId()}`);
  expect(before.json().result.code).toBe('000.200.000');
  // Neither the number nor the CVV is in the store as text.
  for (const file of ['relay.sqlite', 'relay.sqlite-wal']) {
    const bytes = existsSync(join(relay.dataDir, file)) ? readFileSync(join(relay.dataDir, file)) : Buffer.alloc(0);
    expect(bytes.includes(Buffer.from('4200000000000000'))).toBe(false);
  }
  expect(existsSync(join(relay.dataDir, 'relay.sqlite'))).toBe(true);

  expect((await relay.post(`/v1/checkouts/${encodeURIComponent(id)}`, { entityId: entityId(), amount: '59.90' })).statusCode).toBe(200);
  const paid = await complete(id);
  expect(paid.statusCode).toBe(200);
  expect(paid.json()).toMatchObject({ amount: '59.90', currency: 'EUR', paymentBrand: 'VISA', result: { code: expect.stringMatching(/^000\.100\.1/) }, card: { last4Digits: '0000' } });
  const again = await complete(id);
  expect(again.statusCode).toBe(400);
  expect(again.json().resultDetails.ExtendedDescription).toContain('paid');
});

it('a registration checkout saves the card without storing it; the merchant\'s completion stores it once', async () => {
  const prepared = await relay.post('/v1/checkouts', { entityId: entityId(), createRegistration: 'true' });
  const id = prepared.json().id as string;
  const saved = await frameSubmit(id, 'transactionData', { paymentBrand: 'MASTER', ...testCard('5454545454545454') });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().result.code).toBe('000.200.101');
  const status = `/v1/checkouts/${encodeURIComponent(id)}/registration?entityId=${entityId()}`;
  // Saved, not stored yet.
  expect((await relay.get(status)).json().result.code).toBe('000.200.000');
  const stored = await complete(id);
  expect(stored.statusCode).toBe(200);
  expect(stored.json()).toMatchObject({ paymentBrand: 'MASTER', card: { last4Digits: '5454' }, result: { code: expect.stringMatching(/^000\.100\.1/) } });
  expect((await relay.get(status)).json().id).toBe(stored.json().id);
  expect((await complete(id)).statusCode).not.toBe(200);
});

it('refuses to complete without saved data, for another entity, or without a token', async () => {
  const id = await prepare();
  const none = await complete(id);
  expect(none.statusCode).toBe(400);
  expect(none.json().result.parameterErrors[0].name).toBe('checkoutId');
  expect((await frameSubmit(id, 'transactionData', { paymentBrand: 'VISA', ...testCard() })).statusCode).toBe(200);
  const other = await relay.addMerchant();
  expect((await complete(id, other.token, other.entityId)).statusCode).toBe(404);
  const forged = await relay.app.inject({
    method: 'POST',
    url: `/v1/checkouts/${id}/payment`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer not-a-real-token-at-all' },
    payload: `entityId=${entityId()}`,
  });
  expect(forged.statusCode).toBe(403);
});

it('refuses an invalid card at save time and a save from another origin; saves nothing then', async () => {
  const id = await prepare();
  const bad = await frameSubmit(id, 'transactionData', { paymentBrand: 'VISA', ...testCard('4200000000000001') });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().result.parameterErrors.map((e: { name: string }) => e.name)).toEqual(['card.number']);
  expect(JSON.stringify(bad.json())).not.toContain('4200000000000001');
  const cross = await frameSubmit(id, 'transactionData', { paymentBrand: 'VISA', ...testCard() }, 'https://evil.example');
  expect(cross.statusCode).toBe(403);
  expect((await complete(id)).statusCode).toBe(400);
});

it('a card saved without a CVV is declined when completed, as a card payment without one is', async () => {
  const id = await prepare();
  const card = testCard();
  delete card['card.cvv'];
  expect((await frameSubmit(id, 'transactionData', { paymentBrand: 'VISA', ...card })).statusCode).toBe(200);
  const paid = await complete(id);
  expect(paid.json().result.code).not.toMatch(/^000\.100\.1/);
});

it('offers stored cards to the widget and pays one in one click; another entity\'s or an unlisted one is refused', async () => {
  const reg = await relay.post('/v1/registrations', { entityId: entityId(), paymentBrand: 'MASTER', ...testCard('5454545454545454') });
  const regId = reg.json().id as string;
  const unlisted = (await relay.post('/v1/registrations', { entityId: entityId(), paymentBrand: 'VISA', ...testCard() })).json().id as string;
  const id = await prepare({ 'registrations[0].id': regId, 'standingInstruction.type': 'UNSCHEDULED', 'standingInstruction.source': 'CIT' });
  const widget = (await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${id}/widget` })).json();
  expect(widget.registrations).toEqual([{ id: regId, brand: 'MASTER', last4: '5454', expiryMonth: '05', expiryYear: '2034' }]);
  const wrong = await frameSubmit(id, 'payment', { registrationId: unlisted });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().result.parameterErrors[0].name).toBe('registrationId');
  const paid = await frameSubmit(id, 'payment', { registrationId: regId, 'card.cvv': '123' });
  expect(paid.statusCode).toBe(200);
  expect(paid.json().result.code).toMatch(/^000\.100\.1/);
  const status = (await relay.get(`/v1/checkouts/${id}/payment?entityId=${entityId()}`)).json();
  expect(status).toMatchObject({ paymentBrand: 'MASTER', registrationId: regId, standingInstruction: { type: 'UNSCHEDULED', source: 'CIT' }, card: { last4Digits: '5454' } });
});
