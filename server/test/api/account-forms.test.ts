// POST /v1/checkouts/{id}/account: the widget's SEPA direct debit and virtual-account forms post
// from the merchant page (CORS). No card data is taken there; an entity's allowed origins apply.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => relay.close());

async function prepare(entityId = relay.merchant.entityId, token?: string): Promise<string> {
  const res = await relay.post('/v1/checkouts', { entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB' }, token ? { token } : {});
  return res.json().id as string;
}

const post = (id: string, form: Record<string, string>, origin?: string) => relay.postAccount(id, form, origin);

const sepa = { paymentBrand: 'DIRECTDEBIT_SEPA', 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890', 'bankAccount.bic': 'MARKDEF1100' };

it('pays a SEPA direct debit from the merchant page and answers it readable there, with the result URL', async () => {
  const id = await prepare();
  const res = await post(id, sepa);
  expect(res.statusCode).toBe(200);
  expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
  expect(res.json().result.code).toMatch(/^000\.100\.1/);
  expect(res.json().resultUrl).toContain(`resourcePath=${encodeURIComponent(`/v1/checkouts/${id}/payment`)}`);
  const status = (await relay.get(`/v1/checkouts/${id}/payment?entityId=${relay.merchant.entityId}`)).json();
  expect(status).toMatchObject({ paymentBrand: 'DIRECTDEBIT_SEPA', bankAccount: { holder: 'Jane Jones' } });
});

it('a bad IBAN is declined and the checkout can be paid afterwards; a virtual account goes to its provider page', async () => {
  const id = await prepare();
  const bad = await post(id, { ...sepa, 'bankAccount.iban': 'DE23100000001234567891' });
  expect(bad.json().result.code).not.toMatch(/^000\./);
  expect(bad.headers['access-control-allow-origin']).toBe('https://shop.example');
  expect((await post(id, sepa)).json().result.code).toMatch(/^000\.100\.1/);
  const other = await prepare();
  const alipay = await post(other, { paymentBrand: 'ALIPAY', 'virtualAccount.accountId': 'jane@example.com' });
  // Pending until the shopper approves on the provider page (redirect-payments.test.ts).
  expect(alipay.json()).toMatchObject({ result: { code: '000.200.000' }, redirect: { url: expect.stringMatching(/^http:\/\/relay\.test\/v1\/redirect\//) } });
});

it('a shopper who leaves the provider page and pays otherwise cancels that redirect, which can then never succeed', async () => {
  const id = await prepare();
  const left = (await post(id, { paymentBrand: 'PAYPAL' })).json();
  expect(left.result.code).toBe('000.200.000');
  expect((await post(id, sepa)).json().result.code).toMatch(/^000\.100\.1/);
  const abandoned = await relay.ctx.store.payments.findById(left.id);
  expect(abandoned).toMatchObject({ status: 'declined', resultCode: '100.396.101' });
  const late = await relay.app.inject({ method: 'POST', url: new URL(left.redirect.url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'answer=approve' });
  expect(late.statusCode).toBeLessThan(500);
  expect((await relay.ctx.store.payments.findById(left.id))?.status).toBe('declined');
});

it('refuses card data here, and an origin the entity does not allow; nothing is paid', async () => {
  const id = await prepare();
  const card = await post(id, { paymentBrand: 'VISA', ...testCard() });
  expect(card.statusCode).toBe(400);
  expect(card.json().result.parameterErrors.map((e: { name: string }) => e.name)).toContain('card.number');
  expect(JSON.stringify(card.json())).not.toContain('4200000000000000');
  const strict = await relay.addMerchant({ allowedOrigins: ['https://allowed.example'] });
  const theirs = await prepare(strict.entityId, strict.token);
  expect((await post(theirs, sepa, 'https://shop.example')).statusCode).toBe(403);
  expect((await post(theirs, sepa, 'https://allowed.example')).json().result.code).toMatch(/^000\.100\.1/);
  expect((await post(id, sepa)).json().result.code).toMatch(/^000\.100\.1/);
});
