// Redirect payments: online transfers (SOFORTUEBERWEISUNG, IDEAL, GIROPAY), PayPal and virtual
// accounts answer pending 000.200.000 with a redirect to the simulator's page, where the shopper
// approves or cancels; the payment ends once, the shopper goes to shopperResultUrl with
// resourcePath, and the webhook fires. One never finished expires after REDIRECT_EXPIRY_MINUTES:
// by its durable job on the relay's clock, or by a moved test clock; an approve racing the expiry
// gives exactly one outcome.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config.js';
import { browserData, startTestRelay, type TestRelay } from '../helper.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const EXPIRY_MINUTES = 20;
let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay({ redirectExpiryMs: EXPIRY_MINUTES * 60_000, webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 2_000 } });
});
afterEach(async () => relay.close());

const entityId = () => relay.merchant.entityId;
const ACCOUNTS: Record<string, Record<string, string>> = {
  // The shopper logs in at the bank or at PayPal: no account data needed, some may be sent.
  SOFORTUEBERWEISUNG: {},
  IDEAL: { 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'NL91ABNA0417164300', 'bankAccount.country': 'NL' },
  GIROPAY: {},
  PAYPAL: {},
  ALIPAY: { 'virtualAccount.accountId': 'jane@example.com' },
};

async function pending(brand: string, extra: Record<string, string> = {}) {
  const res = await relay.post('/v1/payments', { entityId: entityId(), amount: '25.00', currency: 'EUR', paymentType: 'DB', paymentBrand: brand, shopperResultUrl: 'https://shop.example/return?order=7', ...ACCOUNTS[brand], ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { id: string; result: { code: string }; redirect: { url: string } };
  expect(body.result.code).toBe('000.200.000');
  return { body, path: new URL(body.redirect.url).pathname };
}
const answer = (path: string, value: string) => relay.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `answer=${value}` });
const read = async (id: string) => (await relay.get(`/v1/payments/${id}?entityId=${entityId()}`)).json() as { result: { code: string }; redirect?: unknown };

describe('redirect payments', () => {
  it.each(Object.keys(ACCOUNTS))('%s: pending with a redirect to the test page; approved there, the shopper returns with resourcePath', async (brand) => {
    const { body, path } = await pending(brand);
    expect(body.redirect.url).toBe(`http://relay.test/v1/redirect/${body.id}`);
    const page = await relay.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="approve"');
    expect(page.body).toContain('value="cancel"');
    expect(page.body).toContain('25.00 EUR');
    const done = await answer(path, 'approve');
    expect(done.statusCode).toBe(303);
    const location = new URL(done.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://shop.example/return');
    expect(location.searchParams.get('order')).toBe('7');
    expect(location.searchParams.get('resourcePath')).toBe(`/v1/payments/${body.id}`);
    const status = await read(body.id);
    expect(status.result.code).toBe('000.100.110');
    expect(status.redirect).toBeUndefined();
  });

  it('cancelled by the shopper: declined with 100.396.101, once; a later approve changes nothing', async () => {
    const { body, path } = await pending('IDEAL');
    expect((await answer(path, 'cancel')).statusCode).toBe(303);
    expect((await read(body.id)).result.code).toBe('100.396.101');
    expect((await answer(path, 'approve')).statusCode).toBe(303);
    expect((await read(body.id)).result.code).toBe('100.396.101');
    const page = await relay.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Cancelled by user');
  });

  it('refuses an unknown answer and an unknown payment, and writes nothing', async () => {
    const { body, path } = await pending('GIROPAY');
    expect((await answer(path, 'steal')).statusCode).toBe(400);
    expect((await answer('/v1/redirect/0123456789abcdef0123456789abcdef', 'approve')).statusCode).toBe(404);
    expect((await answer('/v1/redirect/..%2F..', 'approve')).statusCode).toBe(404);
    expect((await read(body.id)).result.code).toBe('000.200.000');
    // A card payment pending on 3-D Secure is not settled through this page.
    const challenged = (await relay.post('/v1/payments', { entityId: entityId(), amount: '1.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', 'card.number': '4711100000000000', 'card.expiryMonth': '12', 'card.expiryYear': '2030', 'card.cvv': '123', ...browserData() })).json();
    expect((await answer(`/v1/redirect/${challenged.id}`, 'approve')).statusCode).toBe(404);
    expect((await read(challenged.id)).result.code).toBe('000.200.000');
    // Not refundable while pending.
    expect((await relay.post(`/v1/payments/${body.id}`, { entityId: entityId(), paymentType: 'RF', amount: '1.00', currency: 'EUR' })).json().result.code).toBe('700.400.570');
  });

  it('expires an abandoned redirect after REDIRECT_EXPIRY_MINUTES by its job, on the relay clock, not before', async () => {
    const { body, path } = await pending('SOFORTUEBERWEISUNG');
    relay.clock.advance(EXPIRY_MINUTES * 60_000 - 1);
    await relay.ctx.jobs.runDue();
    expect((await read(body.id)).result.code).toBe('000.200.000');
    relay.clock.advance(1);
    await relay.ctx.jobs.runDue();
    expect((await read(body.id)).result.code).toBe('100.396.103');
    // The shopper coming back late is sent to the shop, and the payment stays expired.
    expect((await answer(path, 'approve')).statusCode).toBe(303);
    expect((await read(body.id)).result.code).toBe('100.396.103');
  });

  it('expires it when the test clock moves past its time, and the job finds nothing left', async () => {
    const early = await pending('PAYPAL');
    relay.clock.advance(5 * 60_000);
    const late = await pending('PAYPAL');
    const at = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
    const first = await relay.post('/v1/test/clock', { entityId: entityId(), time: at(relay.clock.now() + (EXPIRY_MINUTES - 5) * 60_000) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().ran).toMatchObject({ redirectExpiries: 1 });
    expect((await read(early.body.id)).result.code).toBe('100.396.103');
    expect((await read(late.body.id)).result.code).toBe('000.200.000');
    const second = await relay.post('/v1/test/clock', { entityId: entityId(), time: at(relay.clock.now() + EXPIRY_MINUTES * 60_000) });
    expect(second.json().ran).toMatchObject({ redirectExpiries: 1 });
    expect((await read(late.body.id)).result.code).toBe('100.396.103');
    // Their expiry jobs, due on the relay's clock later, find nothing left to do.
    relay.clock.advance(EXPIRY_MINUTES * 60_000);
    const round = await relay.ctx.jobs.runDue();
    expect(round.failed).toBe(0);
  });

  it('an approve racing the expiry gives exactly one outcome', async () => {
    for (let round = 0; round < 6; round++) {
      const { body, path } = await pending('IDEAL');
      relay.clock.advance(EXPIRY_MINUTES * 60_000);
      const results = await Promise.all([answer(path, 'approve'), relay.ctx.jobs.runDue(), answer(path, 'approve')]);
      expect(results[0].statusCode).toBe(303);
      const code = (await read(body.id)).result.code;
      expect(['000.100.110', '100.396.103']).toContain(code);
      const row = await relay.ctx.store.payments.findById(body.id);
      expect(row?.status).toBe(code === '000.100.110' ? 'success' : 'declined');
    }
  });

  it('tells the merchant when the payment ends', async () => {
    const receiver: WebhookReceiver = await startReceiver();
    try {
      const endpoint = await relay.post('/v1/webhooks', { entityId: entityId(), url: receiver.url, eventTypes: 'PAYMENT' });
      receiver.secrets.push(endpoint.json().secret as string);
      const { body, path } = await pending('GIROPAY');
      await answer(path, 'approve');
      for (let round = 0; round < 20 && receiver.notifications().filter((n) => n.action === 'UPDATED').length === 0; round++) {
        await relay.ctx.jobs.runDue();
        relay.clock.advance(1_000);
      }
      const updated = receiver.notifications().find((n) => n.type === 'PAYMENT' && n.action === 'UPDATED');
      expect(updated?.payload).toMatchObject({ id: body.id, paymentBrand: 'GIROPAY', result: { code: '000.100.110' } });
      expect(receiver.notifications().find((n) => n.action === 'CREATED' && n.payload.id === body.id)?.payload).toMatchObject({ result: { code: '000.200.000' } });
    } finally {
      await receiver.close();
    }
  });
});

describe('redirect payments in the widget flow', () => {
  it('the account form goes pending, the test page approves, and the shopper returns to the checkout result', async () => {
    const checkout = (await relay.post('/v1/checkouts', { entityId: entityId(), amount: '12.00', currency: 'EUR', paymentType: 'DB' })).json() as { id: string };
    const res = await relay.postAccount(checkout.id, { paymentBrand: 'SOFORTUEBERWEISUNG' });
    expect(res.statusCode, res.body).toBe(200);
    const redirect = (res.json() as { redirect: { url: string } }).redirect.url;
    const done = await answer(new URL(redirect).pathname, 'approve');
    expect(done.statusCode).toBe(303);
    const location = new URL(done.headers.location as string);
    expect(location.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${checkout.id}/payment`);
    const status = (await relay.get(`/v1/checkouts/${checkout.id}/payment?entityId=${entityId()}`)).json() as { result: { code: string }; paymentBrand: string };
    expect(status).toMatchObject({ paymentBrand: 'SOFORTUEBERWEISUNG', result: { code: '000.100.110' } });
  });
});
