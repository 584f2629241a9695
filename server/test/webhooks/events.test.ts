// Every change of a payment or a registration reaches the merchant's endpoint as an encrypted
// notification whose payload is the API's answer for that record, through the real relay, its jobs
// runner and a real HTTP receiver.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config.js';
import { browserData, startTestRelay, testCard, type TestRelay } from '../helper.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

let relay: TestRelay;
let receiver: WebhookReceiver;

const entityId = () => relay.merchant.entityId;

async function addEndpoint(form: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const res = await relay.post('/v1/webhooks', { entityId: entityId(), url: receiver.url, ...form });
  expect(res.statusCode).toBe(200);
  const body = res.json() as Record<string, unknown>;
  receiver.secrets.push(body.secret as string);
  return body;
}

/**
 * Runs due jobs until none is left. A second passes between rounds: deliveries beyond an endpoint's
 * share of concurrent sends wait that long for their turn.
 */
async function drain(): Promise<void> {
  for (let round = 0; round < 50; round++) {
    if ((await relay.ctx.jobs.runDue()).claimed === 0) return;
    relay.clock.advance(1_000);
  }
  throw new Error('jobs kept coming');
}

/** Fields of the notification payload that belong to the moment of sending, not to the record. */
const ENVELOPE = new Set(['buildNumber', 'timestamp', 'ndc']);

function expectPayloadIsAnswer(payload: Record<string, unknown>, answer: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(answer)) if (!ENVELOPE.has(key)) expect(payload[key], key).toEqual(value);
  expect(payload.authentication).toEqual({ entityId: entityId() });
  expect(payload.presentationAmount).toBe(answer.amount);
  expect(payload.presentationCurrency).toBe(answer.currency);
  expect(payload.eventId).toMatch(/^[0-9a-f]{32}$/);
}

beforeEach(async () => {
  relay = await startTestRelay({ webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 2_000 } });
  receiver = await startReceiver();
});

afterEach(async () => {
  await relay.close();
  await receiver.close();
});

describe('webhook endpoints', () => {
  it('shows the secret once, activates with an acknowledged test notification, and lists without the secret', async () => {
    const created = await addEndpoint({ eventTypes: 'PAYMENT' });
    expect(created.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(created.state).toBe('active');
    expect(created.activation).toMatchObject({ acknowledged: true, status: 200 });
    expect(created.eventTypes).toEqual(['PAYMENT']);
    const [test] = receiver.notifications();
    expect(test).toMatchObject({ type: 'test', action: 'webhook activation', payload: { endpointId: created.id, entityId: entityId() } });

    const one = (await relay.get(`/v1/webhooks/${created.id as string}?entityId=${entityId()}`)).json();
    expect(one).toMatchObject({ id: created.id, url: receiver.url, state: 'active' });
    expect(JSON.stringify(one)).not.toContain(created.secret as string);
    const list = (await relay.get(`/v1/webhooks?entityId=${entityId()}`)).json();
    expect(list.webhooks.map((w: { id: string }) => w.id)).toEqual([created.id]);
    expect(JSON.stringify(list)).not.toContain(created.secret as string);
  });

  it('keeps an endpoint whose receiver does not acknowledge inactive, and sends it nothing', async () => {
    receiver.answer = () => 500;
    const created = await addEndpoint();
    expect(created.state).toBe('inactive');
    expect(created.activation).toMatchObject({ acknowledged: false, status: 500 });
    await relay.post('/v1/payments', { entityId: entityId(), amount: '5.00', currency: 'EUR', paymentType: 'DB', ...testCard() });
    await drain();
    expect(receiver.received).toHaveLength(1);
    // Fixed receiver: activating it again is acknowledged.
    receiver.answer = () => 200;
    const again = (await relay.post(`/v1/webhooks/${created.id as string}`, { entityId: entityId(), active: 'true' })).json();
    expect(again).toMatchObject({ state: 'active', activation: { acknowledged: true } });
  });

  it('refuses a URL that is not http(s) or carries credentials, in the API error shape, writing nothing', async () => {
    for (const url of ['ftp://shop.example/hooks', 'https://user:pass@shop.example/hooks']) {
      const res = await relay.post('/v1/webhooks', { entityId: entityId(), url });
      expect(res.statusCode).toBe(400);
      expect(res.json().result.parameterErrors[0]).toMatchObject({ name: 'url' });
    }
    expect((await relay.get(`/v1/webhooks?entityId=${entityId()}`)).json().webhooks).toEqual([]);
  });

  it('requires https and a public address for a live relay', async () => {
    const live = await startTestRelay({ environment: 'live', webhooks: { ...defaultConfig.webhooks, allowPrivate: false } });
    try {
      const post = (url: string) => live.post('/v1/webhooks', { entityId: live.merchant.entityId, url });
      const http = await post('http://shop.example/hooks');
      expect(http.statusCode).toBe(400);
      expect(http.json().result.parameterErrors[0].message).toContain('https');
      for (const url of ['https://127.0.0.1/hooks', 'https://10.1.2.3/hooks', 'https://localhost/hooks', 'https://[::1]/hooks']) {
        expect((await post(url)).statusCode, url).toBe(400);
      }
      expect((await live.get(`/v1/webhooks?entityId=${live.merchant.entityId}`)).json().webhooks).toEqual([]);
    } finally {
      await live.close();
    }
  });

  it("does not let another merchant's token read or change an endpoint", async () => {
    const created = await addEndpoint();
    const other = await relay.addMerchant();
    expect((await relay.get(`/v1/webhooks/${created.id as string}?entityId=${other.entityId}`, { token: other.token })).statusCode).toBe(404);
    expect((await relay.get(`/v1/webhooks/${created.id as string}?entityId=${entityId()}`, { token: other.token })).statusCode).toBe(403);
  });
});

describe('webhook events', () => {
  it('sends every change of payments and registrations, each decrypting to the API answer', async () => {
    await addEndpoint();
    const answers: Record<string, unknown>[] = [];
    const post = async (url: string, form: Record<string, string>) => {
      const res = await relay.post(url, { entityId: entityId(), ...form });
      answers.push(res.json() as Record<string, unknown>);
      return res.json() as Record<string, string>;
    };
    const db = await post('/v1/payments', { amount: '10.00', currency: 'EUR', paymentType: 'DB', ...testCard() });
    await post('/v1/payments', { amount: '11.00', currency: 'EUR', paymentType: 'DB', ...testCard('4200000000000000', { 'card.holder': '800.100.151' }) });
    const pa = await post('/v1/payments', { amount: '20.00', currency: 'EUR', paymentType: 'PA', ...testCard() });
    const cp = await post(`/v1/payments/${pa.id}`, { amount: '20.00', currency: 'EUR', paymentType: 'CP' });
    await post(`/v1/payments/${cp.id}`, { amount: '5.00', currency: 'EUR', paymentType: 'RF' });
    await post(`/v1/payments/${db.id}`, { paymentType: 'RV' });
    const pending = await post('/v1/payments', { amount: '30.00', currency: 'EUR', paymentType: 'DB', shopperResultUrl: 'https://shop.example/result', ...testCard('4711100000000000'), ...browserData() });
    const challenge = new URL((pending.redirect as unknown as { url: string }).url);
    await relay.app.inject({ method: 'POST', url: challenge.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'returnCode=000.400.110' });
    const settled = (await relay.get(`/v1/payments/${pending.id}?entityId=${entityId()}`)).json() as Record<string, unknown>;
    const registration = await post('/v1/registrations', { paymentBrand: 'VISA', ...testCard() });
    expect((await relay.del(`/v1/registrations/${registration.id}?entityId=${entityId()}`)).statusCode).toBe(200);
    await drain();

    const notifications = receiver.notifications().filter((n) => n.type !== 'test');
    const payments = notifications.filter((n) => n.type === 'PAYMENT');
    // DB, declined DB, PA, CP, RF, RV, the pending DB and its settlement.
    expect(payments).toHaveLength(8);
    for (const answer of answers.filter((a) => a.paymentType !== undefined)) {
      const created = payments.find((n) => n.payload.id === answer.id && n.action === 'CREATED');
      expect(created, `event of ${answer.paymentType as string} ${answer.id as string}`).toBeDefined();
      expectPayloadIsAnswer(created?.payload ?? {}, answer);
    }
    const update = payments.find((n) => n.payload.id === pending.id && n.action === 'UPDATED');
    expectPayloadIsAnswer(update?.payload ?? {}, settled);
    expect((update?.payload.result as { code: string }).code).toBe('000.100.110');
    const refund = payments.find((n) => n.payload.paymentType === 'RF');
    expect(refund?.payload.referencedId).toBe(cp.id);
    const declined = payments.find((n) => n.payload.amount === '11.00');
    expect((declined?.payload.result as { code: string }).code).toBe('800.100.151');

    const registrations = notifications.filter((n) => n.type === 'REGISTRATION');
    // Notifications are not ordered (they go out concurrently); each carries its action.
    expect(registrations.map((n) => [n.action, n.payload.id]).sort()).toEqual([
      ['CREATED', registration.id],
      ['DELETED', registration.id],
    ]);
    // Each event once, with its id in the header and the payload alike.
    const events = receiver.received.filter((r) => r.notification && r.notification.type !== 'test');
    for (const r of events) expect(r.eventId).toBe(r.notification?.payload.eventId);
    expect(new Set(events.map((r) => r.eventId)).size).toBe(events.length);
  });

  it('sends only the types an endpoint asked for', async () => {
    await addEndpoint({ eventTypes: 'REGISTRATION' });
    await relay.post('/v1/payments', { entityId: entityId(), amount: '5.00', currency: 'EUR', paymentType: 'DB', ...testCard() });
    const registration = (await relay.post('/v1/registrations', { entityId: entityId(), paymentBrand: 'VISA', ...testCard() })).json();
    await drain();
    const sent = receiver.notifications().filter((n) => n.type !== 'test');
    expect(sent.map((n) => [n.type, n.payload.id])).toEqual([['REGISTRATION', registration.id]]);
  });

  it("sends a payment's events to its notificationUrl, sealed with the merchant's webhook secret, follow-ups included", async () => {
    receiver.secrets.push(relay.merchant.webhookSecret);
    const pa = (await relay.post('/v1/payments', { entityId: entityId(), amount: '20.00', currency: 'EUR', paymentType: 'PA', notificationUrl: receiver.url, ...testCard() })).json();
    const cp = (await relay.post(`/v1/payments/${pa.id as string}`, { entityId: entityId(), amount: '20.00', currency: 'EUR', paymentType: 'CP' })).json();
    const rf = (await relay.post(`/v1/payments/${cp.id as string}`, { entityId: entityId(), amount: '1.00', currency: 'EUR', paymentType: 'RF' })).json();
    // Another payment without it sends nothing there.
    await relay.post('/v1/payments', { entityId: entityId(), amount: '3.00', currency: 'EUR', paymentType: 'DB', ...testCard() });
    await drain();
    expect(receiver.notifications().map((n) => n.payload.id as string).sort()).toEqual([pa.id, cp.id, rf.id].sort());
  });

  it('writes no event for a request that wrote nothing', async () => {
    await addEndpoint();
    const refused = await relay.post('/v1/payments/8ac7a4a1845f7e8b01846034a5bb3cc5', { entityId: entityId(), amount: '1.00', currency: 'EUR', paymentType: 'CP' });
    expect(refused.statusCode).toBe(404);
    const invalid = await relay.post('/v1/payments', { entityId: entityId(), amount: '1.001', currency: 'EUR', paymentType: 'DB', ...testCard() });
    expect(invalid.statusCode).toBe(400);
    await drain();
    expect(receiver.notifications().filter((n) => n.type !== 'test')).toEqual([]);
  });
});
