// Wallet tokens (APPLEPAY, GOOGLEPAY) paid from the widget's wallet buttons (POST
// /v1/checkouts/{id}/account) and from a merchant's server (POST /v1/payments): a well-formed token
// pays, a test token with a rejection code as testResultCode is declined with it, anything that
// cannot be a token is a 400 naming walletPay.paymentToken, and walletPay.source is web or app.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => relay.close());

async function prepare(): Promise<string> {
  const res = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB' });
  return res.json().id as string;
}

const post = (id: string, form: Record<string, string>) => relay.postAccount(id, form);

const wallet = (paymentBrand: string, token: string, source = 'web') => ({ paymentBrand, 'walletPay.paymentToken': token, 'walletPay.source': source });

it.each(['APPLEPAY', 'GOOGLEPAY'])('a %s test token pays the checkout: success, the brand kept, the result URL given, the token never echoed', async (brand) => {
  const id = await prepare();
  const token = `{"simulated":true,"brand":"${brand}","nonce":"a1b2c3"}`;
  const res = await post(id, wallet(brand, token));
  expect(res.statusCode).toBe(200);
  expect(res.json().result.code).toBe('000.100.110');
  expect(res.json().resultUrl).toContain(`resourcePath=${encodeURIComponent(`/v1/checkouts/${id}/payment`)}`);
  expect(res.body).not.toContain('a1b2c3');
  const status = (await relay.get(`/v1/checkouts/${id}/payment?entityId=${relay.merchant.entityId}`)).json();
  expect(status).toMatchObject({ paymentBrand: brand, result: { code: '000.100.110' } });
  expect(JSON.stringify(status)).not.toContain('a1b2c3');
});

it('a test token with a rejection code is declined with that code, and the checkout can be paid afterwards', async () => {
  const id = await prepare();
  const declined = await post(id, wallet('APPLEPAY', '{"simulated":true,"testResultCode":"800.100.152"}'));
  expect(declined.statusCode).toBe(400);
  expect(declined.json().result.code).toBe('800.100.152');
  const paid = await post(id, wallet('APPLEPAY', Buffer.from('{"version":"EC_v1","data":"x"}').toString('base64')));
  expect(paid.json().result.code).toBe('000.100.110');
});

it('refuses a token that cannot be one, and a source other than web or app, naming the parameter; nothing is paid', async () => {
  const id = await prepare();
  for (const [form, name] of [
    [wallet('GOOGLEPAY', 'not a token'), 'walletPay.paymentToken'],
    [wallet('GOOGLEPAY', '{"unclosed":'), 'walletPay.paymentToken'],
    [wallet('GOOGLEPAY', '{}', 'desktop'), 'walletPay.source'],
  ] as const) {
    const res = await post(id, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('200.300.404');
    expect(res.json().result.parameterErrors.map((e: { name: string }) => e.name)).toEqual([name]);
    expect(res.body).not.toContain(form['walletPay.paymentToken']);
  }
  expect((await post(id, wallet('GOOGLEPAY', '{}', 'app'))).json().result.code).toBe('000.100.110');
});

it('a merchant server pays with a token the same way', async () => {
  const base = { entityId: relay.merchant.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB' };
  expect((await relay.post('/v1/payments', { ...base, ...wallet('GOOGLEPAY', '{"protocolVersion":"ECv2"}') })).json().result.code).toBe('000.100.110');
  const declined = await relay.post('/v1/payments', { ...base, ...wallet('GOOGLEPAY', '{"testResultCode":"800.100.155"}') });
  expect([declined.statusCode, declined.json().result.code]).toEqual([400, '800.100.155']);
  const malformed = await relay.post('/v1/payments', { ...base, ...wallet('GOOGLEPAY', 'abc def') });
  expect([malformed.statusCode, malformed.json().result.parameterErrors]).toEqual([400, [{ name: 'walletPay.paymentToken', value: '', message: expect.any(String) }]]);
});
