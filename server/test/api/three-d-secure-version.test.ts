// Which 3-D Secure version a challenge runs as. The spec makes customer.browser.* mandatory for
// 3-D Secure v2 and knows version 1 too: server integrations that send only the documented
// parameters get the pending answer with redirect.url, run as 3-D Secure 1 and said so in
// threeDSecure.version; with the browser data the challenge is 3-D Secure 2; some of it only is
// a v2 request with fields missing (400). A channel set to require 3-D Secure 2 refuses a
// challenge without the browser data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_TTL_MS } from '../../src/merchants/lookup-cache.js';
import { browserData, startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
let v2Only: TestMerchant;
beforeAll(async () => {
  relay = await startTestRelay();
  v2Only = await relay.addMerchant({ threeDSecure2Required: true });
});
afterAll(async () => relay.close());

const MANDATORY_V2 = [
  'customer.browser.acceptHeader',
  'customer.browser.javaEnabled',
  'customer.browser.language',
  'customer.browser.screenHeight',
  'customer.browser.screenWidth',
  'customer.browser.timezone',
  'customer.browser.userAgent',
];

const ENROLLED = '4711100000000000';
let order = 0;
/** An enrolled card's debit, as a server integration sends it: the documented parameters only. */
function pay(m: TestMerchant, extra: Record<string, string> = {}) {
  const reference = `order-${String(++order).padStart(4, '0')}`;
  const form = { entityId: m.entityId, amount: '25.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(ENROLLED), shopperResultUrl: 'https://shop.example/result', merchantTransactionId: reference, ...extra };
  return { reference, sent: relay.post('/v1/payments', form, { token: m.token }) };
}

function errorNames(res: { json: () => { result: { parameterErrors?: { name: string }[] } } }): string[] {
  return (res.json().result.parameterErrors ?? []).map((e) => e.name).sort();
}

async function settle(redirectUrl: string, returnCode = '000.400.110') {
  return relay.app.inject({ method: 'POST', url: new URL(redirectUrl).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `returnCode=${returnCode}` });
}

async function nothingWritten(m: TestMerchant, reference: string): Promise<void> {
  expect(await relay.ctx.store.reports.paymentsByReference(m.entityId, reference)).toEqual([]);
}

describe('a challenge without browser data runs as 3-D Secure 1', () => {
  it('answers pending with redirect.url and threeDSecure.version 1.0.2, and the shopper completes it', async () => {
    const res = await pay(relay.merchant).sent;
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result.code).toBe('000.200.000');
    expect(body.redirect.url).toBe(`http://relay.test/v1/threeDSecure/${body.id}`);
    expect(body.threeDSecure).toEqual({ version: '1.0.2' });
    const done = await settle(body.redirect.url);
    expect(done.statusCode).toBe(303);
    const status = (await relay.get(`/v1/payments/${body.id}?entityId=${relay.merchant.entityId}`)).json();
    expect(status.result.code).toBe('000.100.110');
    expect(status.threeDSecure).toEqual({ version: '1.0.2' });
  });

  it('stores the card of a createRegistration payment once the version 1 challenge succeeds', async () => {
    const res = await pay(relay.merchant, { createRegistration: 'true', recurringType: 'INITIAL' }).sent;
    expect(res.statusCode).toBe(200);
    expect(res.json().threeDSecure).toEqual({ version: '1.0.2' });
    expect((await settle(res.json().redirect.url)).statusCode).toBe(303);
    const status = (await relay.get(`/v1/payments/${res.json().id}?entityId=${relay.merchant.entityId}`)).json();
    expect(status.registrationId).toMatch(/^[0-9a-zA-Z]{32}$/);
  });

  it('takes an explicit threeDSecure.version 1.x, whatever browser data comes with it', async () => {
    const some = { 'customer.browser.language': 'de-DE', 'customer.browser.userAgent': 'Mozilla/5.0' };
    const res = await pay(relay.merchant, { ...some, 'threeDSecure.version': '1.0.2' }).sent;
    expect(res.statusCode).toBe(200);
    expect(res.json().threeDSecure).toEqual({ version: '1.0.2' });
  });

  it('a card that is not enrolled answers as before, with no 3-D Secure version', async () => {
    const res = await pay(relay.merchant, { 'card.number': '4200000000000000' }).sent;
    expect(res.statusCode).toBe(200);
    expect(res.json().result.code).toBe('000.100.110');
    expect(res.json().threeDSecure).toBeUndefined();
  });
});

describe('with browser data, 3-D Secure 2', () => {
  it('answers pending with threeDSecure.version 2.2.0', async () => {
    const res = await pay(relay.merchant, browserData()).sent;
    expect(res.statusCode).toBe(200);
    expect(res.json().result.code).toBe('000.200.000');
    expect(res.json().threeDSecure).toEqual({ version: '2.2.0' });
    expect((await settle(res.json().redirect.url, '100.380.401')).statusCode).toBe(303);
    expect((await relay.get(`/v1/payments/${res.json().id}?entityId=${relay.merchant.entityId}`)).json().threeDSecure).toEqual({ version: '2.2.0' });
  });

  it('keeps the 2.x version the request named', async () => {
    const res = await pay(relay.merchant, { ...browserData(), 'threeDSecure.version': '2.1.0' }).sent;
    expect(res.statusCode).toBe(200);
    expect(res.json().threeDSecure).toEqual({ version: '2.1.0' });
  });

  it('refuses some of the mandatory browser fields without the others, naming each missing one, and writes nothing', async () => {
    const { reference, sent } = pay(relay.merchant, { 'customer.browser.language': 'de-DE', 'customer.browser.screenColorDepth': '24' });
    const res = await sent;
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('200.300.404');
    expect(errorNames(res)).toEqual(MANDATORY_V2.filter((n) => n !== 'customer.browser.language'));
    expect(res.json().result.parameterErrors[0].message).toMatch(/3-D Secure v2/);
    await nothingWritten(relay.merchant, reference);
  });

  it('refuses threeDSecure.version 2.x without the browser data, naming each field', async () => {
    const { reference, sent } = pay(relay.merchant, { 'threeDSecure.version': '2.2.0' });
    const res = await sent;
    expect(res.statusCode).toBe(400);
    expect(errorNames(res)).toEqual(MANDATORY_V2);
    await nothingWritten(relay.merchant, reference);
  });

  it('runs optional browser fields alone (no mandatory one) as version 1', async () => {
    const res = await pay(relay.merchant, { 'customer.browser.screenColorDepth': '24', 'customer.browser.challengeWindow': '05' }).sent;
    expect(res.statusCode).toBe(200);
    expect(res.json().threeDSecure).toEqual({ version: '1.0.2' });
  });
});

describe('a channel that requires 3-D Secure 2', () => {
  it('refuses a challenge without browser data, naming each field, and writes nothing', async () => {
    const { reference, sent } = pay(v2Only);
    const res = await sent;
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('200.300.404');
    expect(errorNames(res)).toEqual(MANDATORY_V2);
    await nothingWritten(v2Only, reference);
  });

  it('runs a challenge with browser data as 3-D Secure 2', async () => {
    const res = await pay(v2Only, browserData()).sent;
    expect(res.statusCode).toBe(200);
    expect(res.json().threeDSecure).toEqual({ version: '2.2.0' });
  });

  it('refuses threeDSecure.version 1.x', async () => {
    const res = await pay(v2Only, { ...browserData(), 'threeDSecure.version': '1.0.2' }).sent;
    expect(res.statusCode).toBe(400);
    expect(errorNames(res)).toEqual(['threeDSecure.version']);
  });

  it('a changed channel setting takes effect once the channel lookup is no longer reused', async () => {
    const channel = await relay.addMerchant();
    expect((await pay(channel).sent).statusCode).toBe(200);
    await relay.ctx.store.entities.updateSettings(channel.entityId, { threeDSecure2Required: true });
    relay.clock.advance(LOOKUP_TTL_MS);
    const refused = await pay(channel).sent;
    expect(refused.statusCode).toBe(400);
    expect(errorNames(refused)).toEqual(MANDATORY_V2);
    await relay.ctx.store.entities.updateSettings(channel.entityId, {});
    relay.clock.advance(LOOKUP_TTL_MS);
    expect((await pay(channel).sent).json().threeDSecure).toEqual({ version: '1.0.2' });
  });
});
