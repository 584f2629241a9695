// The registration widget's checkout: prepared with createRegistration=true and no amount, it
// stores the card submitted from the relay origin (POST /v1/checkouts/{id}/registration), answers
// through its own status resource, and pays nothing.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => relay.close());

const entityId = () => relay.merchant.entityId;

const frame = (id: string, action: 'registration' | 'payment', form: Record<string, string>) =>
  relay.app.inject({
    method: 'POST',
    url: `/v1/checkouts/${id}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ shopperResultUrl: 'https://shop.example/saved', ...form }).toString(),
  });

it('stores the card once, answers with resourcePath /registration, and reads it back with the token', async () => {
  const prepared = await relay.post('/v1/checkouts', { entityId: entityId(), createRegistration: 'true', 'standingInstruction.type': 'UNSCHEDULED' });
  expect(prepared.statusCode).toBe(200);
  const id = prepared.json().id as string;
  const before = (await relay.get(`/v1/checkouts/${id}/registration?entityId=${entityId()}`)).json();
  expect(before.result.code).toBe('000.200.000');
  expect((await frame(id, 'payment', { paymentBrand: 'VISA', ...testCard() })).statusCode).toBe(400);
  const stored = await frame(id, 'registration', { paymentBrand: 'VISA', ...testCard() });
  expect(stored.statusCode).toBe(200);
  const body = stored.json();
  expect(body).toMatchObject({ paymentBrand: 'VISA', card: { last4Digits: '0000' }, result: { code: expect.stringMatching(/^000\.100\.1/) } });
  expect(body.resultUrl).toBe(`https://shop.example/saved?id=${id}&resourcePath=${encodeURIComponent(`/v1/checkouts/${id}/registration`)}`);
  const status = (await relay.get(`/v1/checkouts/${id}/registration?entityId=${entityId()}`)).json();
  expect(status.id).toBe(body.id);
  // The stored card pays like any registration.
  const paid = await relay.post(`/v1/registrations/${body.id}/payments`, { entityId: entityId(), amount: '5.00', currency: 'EUR', paymentType: 'DB' });
  expect(paid.json().result.code).toMatch(/^000\.100\.1/);
  expect((await frame(id, 'registration', { paymentBrand: 'VISA', ...testCard() })).statusCode).toBe(404);
});

it('a checkout that pays is not a registration checkout, and a paying prepare still needs its amount', async () => {
  const id = (await relay.post('/v1/checkouts', { entityId: entityId(), amount: '1.00', currency: 'EUR', paymentType: 'DB' })).json().id as string;
  expect((await frame(id, 'registration', { paymentBrand: 'VISA', ...testCard() })).statusCode).toBe(400);
  const missing = await relay.post('/v1/checkouts', { entityId: entityId(), currency: 'EUR', paymentType: 'DB' });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().result.parameterErrors.map((e: { name: string }) => e.name)).toContain('amount');
  const noCurrency = await relay.post('/v1/checkouts', { entityId: entityId(), createRegistration: 'true', amount: '1.00' });
  expect(noCurrency.statusCode).toBe(400);
});

it('a declined card is not stored and the checkout stays usable', async () => {
  const id = (await relay.post('/v1/checkouts', { entityId: entityId(), createRegistration: 'true' })).json().id as string;
  const declined = await frame(id, 'registration', { paymentBrand: 'VISA', ...testCard('4200000000000000', { 'card.holder': '800.100.152' }) });
  expect(declined.json().result.code).toBe('800.100.152');
  expect((await frame(id, 'registration', { paymentBrand: 'VISA', ...testCard() })).statusCode).toBe(200);
});
