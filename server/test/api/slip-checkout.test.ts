// POST /v1/checkouts/{id}/account with a slip brand: the widget's slip form (BOLETO, OXXO, BALOTO)
// posts the shopper's name, CPF/CNPJ and billing address from the merchant page; the slip is
// issued pending with a redirect to its page, the checkout reads pending until the slip is
// confirmed (here by the test clock), then success. Card data is refused; a bad CPF is a 400
// naming the parameter, with nothing issued.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeEach(async () => {
  // The relay's clock starts on Sunday 2026-11-22 12:00 UTC.
  relay = await startTestRelay();
});
afterEach(async () => relay.close());

interface Body {
  id: string;
  paymentBrand?: string;
  resultUrl?: string;
  result: { code: string; description: string; parameterErrors?: { name: string; message: string }[] };
  redirect?: { url: string };
}

async function prepare(currency = 'BRL', amount = '92.00'): Promise<string> {
  const res = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount, currency, paymentType: 'PA' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Body>().id;
}

const post = (id: string, form: Record<string, string>) => relay.postAccount(id, form);

/** What the widget's BOLETO form sends: the shopper's name, CPF and billing address. */
const boleto = {
  paymentBrand: 'BOLETO',
  'customer.givenName': 'Maria',
  'customer.surname': 'Souza',
  'customer.identificationDocType': 'TAXSTATEMENT',
  'customer.identificationDocId': '52998224725',
  'billing.street1': 'Avenida Paulista 1000',
  'billing.city': 'Sao Paulo',
  'billing.state': 'SP',
  'billing.postcode': '01310100',
  'billing.country': 'BR',
};

const statusOf = async (id: string) => (await relay.get(`/v1/checkouts/${id}/payment?entityId=${relay.merchant.entityId}`)).json<Body>();

it('issues a boleto from the checkout: pending with the slip page, whose link leads back with id and resourcePath; success once confirmed', async () => {
  const id = await prepare();
  const res = await post(id, boleto);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
  const slip = res.json<Body>();
  expect(slip.result.code).toBe('000.100.112');
  expect(slip.redirect?.url).toBe(`${relay.ctx.config.publicUrl}/v1/vouchers/${slip.id}`);
  expect(slip.resultUrl).toBeUndefined();

  const page = await relay.app.inject({ method: 'GET', url: `/v1/vouchers/${slip.id}` });
  expect(page.statusCode).toBe(200);
  const back = `https://shop.example/result?id=${id}&amp;resourcePath=${encodeURIComponent(`/v1/checkouts/${id}/payment`)}`;
  expect(page.body).toContain(`href="${back}"`);

  expect((await statusOf(id)).result.code).toBe('000.100.112');
  // A day later the checkout's 30 minutes are long gone, but the slip is open: still pending.
  relay.clock.advance(24 * 3600_000);
  expect((await statusOf(id)).result.code).toBe('000.100.112');
  // Paid the Tuesday after: two business days, the bank's file at 10:00 in Brasília.
  const moved = await relay.post('/v1/test/clock', { entityId: relay.merchant.entityId, time: '2026-11-24 13:00:00' });
  expect(moved.json<{ ran: Record<string, number> }>().ran.voucherSlips).toBe(1);
  const paid = await statusOf(id);
  expect(paid).toMatchObject({ id: slip.id, paymentBrand: 'BOLETO', result: { code: '000.000.000' } });
});

it('a bad CPF is a 400 naming customer.identificationDocId, nothing is issued, and the checkout pays afterwards', async () => {
  const id = await prepare();
  const bad = await post(id, { ...boleto, 'customer.identificationDocId': '52998224724' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json<Body>().result.parameterErrors?.map((e) => e.name)).toEqual(['customer.identificationDocId']);
  expect((await statusOf(id)).result.code).toBe('000.200.000');
  const missing = await post(id, { paymentBrand: 'BOLETO', 'customer.givenName': 'Maria' });
  expect(missing.statusCode).toBe(400);
  expect(missing.json<Body>().result.parameterErrors?.map((e) => e.name)).toEqual(expect.arrayContaining(['customer.surname', 'customer.identificationDocId', 'billing.street1']));
  const good = await post(id, boleto);
  expect(good.json<Body>().result.code).toBe('000.100.112');
});

it('refuses card data beside a slip brand, and a slip in the wrong currency; OXXO needs only its country', async () => {
  const id = await prepare();
  const card = await post(id, { ...boleto, ...testCard() });
  expect(card.statusCode).toBe(400);
  expect(card.json<Body>().result.parameterErrors?.map((e) => e.name)).toContain('card.number');
  expect(JSON.stringify(card.json())).not.toContain('4200000000000000');
  const eur = await prepare('EUR');
  const wrong = await post(eur, boleto);
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json<Body>().result.parameterErrors?.map((e) => e.name)).toContain('currency');
  const mxn = await prepare('MXN', '150.00');
  const oxxo = await post(mxn, { paymentBrand: 'OXXO', 'billing.country': 'MX' });
  expect(oxxo.json<Body>().result.code).toBe('000.100.112');
  expect((await post(id, boleto)).json<Body>().result.code).toBe('000.100.112');
});

it("the widget's answer names the slip fields the checkout carries (names only), and the slip is issued with the prepared ones", async () => {
  const prepared = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '92.00', currency: 'BRL', paymentType: 'PA', 'customer.givenName': 'Maria', 'customer.surname': 'Souza', 'billing.country': 'BR' });
  expect(prepared.statusCode, prepared.body).toBe(200);
  const id = prepared.json<Body>().id;
  const widget = await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${id}/widget` });
  expect(widget.json<{ carries: string[] }>().carries).toEqual(['customer.givenName', 'customer.surname', 'billing.country']);
  expect(widget.body).not.toContain('Souza');
  const { 'customer.givenName': _g, 'customer.surname': _s, 'billing.country': _c, ...rest } = boleto;
  const res = await post(id, rest);
  expect(res.json<Body>().result.code).toBe('000.100.112');
  const slip = await relay.ctx.store.payments.findById(res.json<Body>().id);
  expect(JSON.parse(slip?.responseJson ?? '{}')).toMatchObject({ customer: { givenName: 'Maria', surname: 'Souza' }, billing: { country: 'BR' } });
  const plain = await prepare();
  expect((await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${plain}/widget` })).json<{ carries?: string[] }>().carries).toBeUndefined();
});

it('a second submit on a checkout with an open slip is sent to the same slip; it neither issues another nor settles the first', async () => {
  const id = await prepare();
  const first = (await post(id, boleto)).json<Body>();
  relay.clock.advance(20 * 60_000);
  const again = await post(id, { ...boleto, 'customer.givenName': 'Joana' });
  expect(again.statusCode).toBe(200);
  expect(again.json<Body>()).toMatchObject({ id: first.id, result: { code: '000.100.112' }, redirect: { url: first.redirect?.url } });
  const [two, three] = await Promise.all([post(id, boleto), post(id, boleto)]);
  expect([two.json<Body>().id, three.json<Body>().id]).toEqual([first.id, first.id]);
  expect(await relay.ctx.store.payments.findById(first.id)).toMatchObject({ status: 'pending', pendingKind: 'slip' });
  const status = await statusOf(id);
  expect(status).toMatchObject({ id: first.id, result: { code: '000.100.112' } });
});

it('a slip that expired unpaid reads as its decline (100.396.103) on the checkout, days after the checkout itself', async () => {
  const id = await prepare();
  const slip = (await post(id, boleto)).json<Body>();
  relay.clock.advance(3 * 24 * 3600_000);
  const expired = await relay.post(`/v1/test/vouchers/${slip.id}/expire`, { entityId: relay.merchant.entityId });
  expect(expired.statusCode, expired.body).toBe(200);
  const read = await relay.get(`/v1/checkouts/${id}/payment?entityId=${relay.merchant.entityId}`);
  expect(read.statusCode).toBe(400);
  expect(read.json<Body>()).toMatchObject({ id: slip.id, result: { code: '100.396.103' } });
  // The checkout's form is no way to a second slip: the checkout itself has expired.
  expect((await post(id, boleto)).json<Body>().result.code).toBe('200.300.404');
});
