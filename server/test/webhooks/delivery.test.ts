// Delivery through the jobs runner: the retry ladder with a moved clock, failing for good after the
// whole ladder with every attempt kept, 410 Gone, redelivery, and a hanging receiver that holds
// only its own endpoint's share of the runner.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../e2e/support/wait-until.js';
import { defaultConfig, type Config } from '../../src/config/config.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';
import { startReceiver, type Answer, type WebhookReceiver } from '../support/webhook-receiver.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let relay: TestRelay;
let receiver: WebhookReceiver;

const entityId = () => relay.merchant.entityId;

async function start(overrides: Partial<Config> = {}): Promise<void> {
  relay = await startTestRelay({ webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 2_000 }, ...overrides });
}

/** An endpoint whose activation is acknowledged; later requests are answered by `answer`. */
async function addEndpoint(answer: Answer, target: WebhookReceiver = receiver, token?: string, entity = entityId()): Promise<string> {
  target.answer = (n, r) => (n === 0 ? 200 : answer(n - 1, r));
  const res = await relay.post('/v1/webhooks', { entityId: entity, url: target.url }, token ? { token } : {});
  expect(res.json().state).toBe('active');
  target.secrets.push(res.json().secret as string);
  return res.json().id as string;
}

async function pay(entity = entityId(), token?: string): Promise<string> {
  const res = await relay.post('/v1/payments', { entityId: entity, amount: '10.00', currency: 'EUR', paymentType: 'DB', ...testCard() }, token ? { token } : {});
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

async function deliveries(endpointId: string, query = ''): Promise<Record<string, unknown>[]> {
  const res = await relay.get(`/v1/webhooks/${endpointId}/deliveries?entityId=${entityId()}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().deliveries as Record<string, unknown>[];
}

afterEach(async () => {
  // The receiver first: a delivery hanging on it then ends at once instead of at its timeout.
  await receiver.close();
  await relay.close();
});

beforeEach(async () => {
  receiver = await startReceiver();
});

describe('the retry ladder', () => {
  it('gives a receiver that fails 3 times a 4th attempt at 1, 2 and 4 minutes apart, and records each', async () => {
    await start();
    const endpoint = await addEndpoint((n) => (n < 3 ? 500 : 200));
    const t0 = relay.clock.now();
    await pay();
    const at: number[] = [];
    for (const wait of [0, MINUTE, 2 * MINUTE, 4 * MINUTE]) {
      // A second early, nothing is sent.
      if (wait > 0) {
        relay.clock.advance(wait - 1_000);
        const early = receiver.received.length;
        await relay.ctx.jobs.runDue();
        expect(receiver.received.length).toBe(early);
        relay.clock.advance(1_000);
      }
      const before = receiver.received.length;
      await relay.ctx.jobs.runDue();
      expect(receiver.received.length).toBe(before + 1);
      at.push(relay.clock.now() - t0);
    }
    expect(at).toEqual([0, MINUTE, 3 * MINUTE, 7 * MINUTE]);
    const [delivery] = await deliveries(endpoint);
    expect(delivery).toMatchObject({ state: 'delivered', attemptCount: 4 });
    const attempts = delivery?.attempts as { status: number; number: number }[];
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    expect(attempts.map((a) => a.number)).toEqual([1, 2, 3, 4]);
  });

  it('fails a delivery after the whole ladder (30 days) with every attempt kept', async () => {
    await start();
    const endpoint = await addEndpoint(() => 503);
    const t0 = relay.clock.now();
    await pay();
    await relay.ctx.jobs.runDue();
    const times: number[] = [relay.clock.now() - t0];
    for (let i = 0; i < 100; i++) {
      const [d] = await deliveries(endpoint);
      if (d?.state !== 'pending') break;
      const work = await relay.ctx.store.webhooks.deliveryWork(d.id as string);
      const next = work?.delivery.nextAttemptAt;
      if (next === null || next === undefined) throw new Error('a pending delivery has a next attempt');
      relay.clock.set(next);
      await relay.ctx.jobs.runDue();
      times.push(relay.clock.now() - t0);
    }
    const [failed] = await deliveries(endpoint);
    expect(failed?.state).toBe('failed');
    // 0, 1, 3, 7, 15, 30, 60 and 120 minutes, then daily while within 30 days of the first.
    const expected = [0, 1, 3, 7, 15, 30, 60, 120].map((m) => m * MINUTE);
    for (let day = 1; 120 * MINUTE + day * DAY <= 30 * DAY; day++) expected.push(120 * MINUTE + day * DAY);
    expect(times).toEqual(expected);
    expect((failed?.attempts as unknown[]).length).toBe(expected.length);
    expect(receiver.received.length - 1).toBe(expected.length);
    // Nothing more is sent, however late.
    relay.clock.advance(10 * DAY);
    await relay.ctx.jobs.runDue();
    expect(receiver.received.length - 1).toBe(expected.length);
  });
});

describe('delivery outcomes', () => {
  it('disables an endpoint that answers 410 Gone and sends it nothing more', async () => {
    await start();
    const endpoint = await addEndpoint(() => 410);
    await pay();
    await relay.ctx.jobs.runDue();
    const [d] = await deliveries(endpoint);
    expect(d).toMatchObject({ state: 'failed', attemptCount: 1 });
    const read = (await relay.get(`/v1/webhooks/${endpoint}?entityId=${entityId()}`)).json();
    expect(read.state).toBe('disabled');
    expect(read.disabledReason).toContain('410');
    await pay();
    await relay.ctx.jobs.runDue();
    expect(receiver.received.length).toBe(2);
  });

  it("stops a payment's notificationUrl that answered 410 Gone: its refund sends it nothing", async () => {
    await start();
    receiver.answer = () => 410;
    const paid = await relay.post('/v1/payments', { entityId: entityId(), amount: '10.00', currency: 'EUR', paymentType: 'DB', notificationUrl: receiver.url, ...testCard() });
    expect(paid.statusCode).toBe(200);
    const paymentId = paid.json().id as string;
    await relay.ctx.jobs.runDue();
    expect(receiver.received.length).toBe(1);
    const refund = await relay.post(`/v1/payments/${paymentId}`, { entityId: entityId(), amount: '10.00', currency: 'EUR', paymentType: 'RF' });
    expect(refund.statusCode).toBe(200);
    relay.clock.advance(MINUTE);
    await relay.ctx.jobs.runDue();
    expect(receiver.received.length).toBe(1);
    // The state is the store's, so every relay on it honours it.
    const work = await relay.ctx.store.webhooks.deliveryWork(`${receiver.received[0]?.eventId ?? ''}n${paymentId}`);
    expect(work?.endpoint).toMatchObject({ state: 'disabled', paymentId });
    expect(work?.endpoint.disabledReason).toContain('410');
    expect(work?.delivery).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('redelivers one event, and every failed delivery since a time', async () => {
    await start();
    let failing = true;
    const endpoint = await addEndpoint(() => (failing ? 503 : 200));
    await pay();
    await pay();
    await relay.ctx.jobs.runDue();
    // Give up quickly: jump past the ladder.
    for (let i = 0; i < 60; i++) {
      relay.clock.advance(DAY);
      await relay.ctx.jobs.runDue();
    }
    const failed = await deliveries(endpoint, '&state=failed');
    expect(failed).toHaveLength(2);
    // One event's delivery, by its id.
    const [only] = await deliveries(endpoint, `&eventId=${failed[1]?.eventId as string}`);
    expect(only?.eventId).toBe(failed[1]?.eventId);
    expect(await deliveries(endpoint, `&eventId=${'0'.repeat(32)}`)).toEqual([]);
    failing = false;
    const one = await relay.post(`/v1/webhooks/${endpoint}/redeliveries`, { entityId: entityId(), eventId: failed[0]?.eventId as string });
    expect(one.json()).toMatchObject({ redelivered: 1 });
    await relay.ctx.jobs.runDue();
    expect((await deliveries(endpoint, '&state=delivered')).map((d) => d.eventId)).toEqual([failed[0]?.eventId]);
    const all = await relay.post(`/v1/webhooks/${endpoint}/redeliveries`, { entityId: entityId(), since: '2026-01-01 00:00:00' });
    expect(all.json()).toMatchObject({ redelivered: 1 });
    await relay.ctx.jobs.runDue();
    expect(await deliveries(endpoint, '&state=failed')).toEqual([]);
    // The same event id each time, for receivers to de-duplicate.
    const ids = receiver.received.slice(1).map((r) => r.eventId);
    expect(new Set(ids)).toEqual(new Set(failed.map((d) => d.eventId)));
  });

  it('names what is missing when a redelivery selects nothing', async () => {
    await start();
    const endpoint = await addEndpoint(() => 200);
    const res = await relay.post(`/v1/webhooks/${endpoint}/redeliveries`, { entityId: entityId() });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.parameterErrors[0].name).toBe('eventId');
  });

  it("lets a hanging receiver hold only its endpoint's share: another merchant's event goes out meanwhile", async () => {
    await start({ jobs: { ...defaultConfig.jobs, concurrency: 6, pollMs: 20 }, webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 30_000, endpointConcurrency: 2 } });
    await addEndpoint(() => 'hang');
    const fast = await startReceiver();
    try {
      const other = await relay.addMerchant();
      await addEndpoint(() => 200, fast, other.token, other.entityId);
      for (let i = 0; i < 8; i++) await pay();
      const otherPayment = await pay(other.entityId, other.token);
      relay.ctx.jobs.start({ info: () => undefined, warn: () => undefined, error: () => undefined });
      await waitUntil(async () => (fast.notifications().some((n) => n.payload.id === otherPayment) ? true : undefined), { what: "the other merchant's event", timeoutMs: 10_000 });
      // The hanging endpoint got at most its two slots' worth, still unanswered.
      expect(receiver.received.length - 1).toBeLessThanOrEqual(2);
    } finally {
      await fast.close();
    }
  });
});
