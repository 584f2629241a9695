// Whatever a receiver answers, the attempt is recorded and the retry ladder followed, on SQLite and
// on PostgreSQL: an answer whose body holds a NUL and bytes that are not UTF-8 (PostgreSQL text
// holds neither) is one recorded attempt per send, never a delivery sent again and again unrecorded.
// A record that fails for any other reason leaves the job to the runner's own back-off.

import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config.js';
import { retryDelay } from '../../src/domain/job.js';
import { testCard, type TestRelay } from '../helper.js';
import { storableText } from '../../src/storage/webhooks.js';
import { DATABASES, startRelayOn } from '../reports/relays.js';
import { startReceiver, type Answer, type WebhookReceiver } from '../support/webhook-receiver.js';

const MINUTE = 60_000;

/** A NUL, a lone continuation byte, a truncated sequence, an overlong NUL and a byte never valid. */
const HOSTILE_BODY = Buffer.concat([Buffer.from('refused\u0000 '), Buffer.from([0x80, 0xe2, 0x82, 0x20, 0xc0, 0x80, 0xff]), Buffer.from(' end')]);

let relay: TestRelay | undefined;
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await receiver?.close();
  await relay?.close();
  receiver = undefined;
  relay = undefined;
});

async function setUp(kind: (typeof DATABASES)[number], answer: Answer): Promise<{ relay: TestRelay; receiver: WebhookReceiver; endpointId: string }> {
  relay = await startRelayOn(kind, { webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 5_000 } });
  receiver = await startReceiver();
  // The activation is acknowledged; every notification after it gets `answer`.
  receiver.answer = (n, r) => (n === 0 ? 200 : answer(n - 1, r));
  const created = await relay.post('/v1/webhooks', { entityId: relay.merchant.entityId, url: receiver.url });
  expect(created.json().state).toBe('active');
  return { relay, receiver, endpointId: created.json().id as string };
}

async function pay(r: TestRelay): Promise<void> {
  const res = await r.post('/v1/payments', { entityId: r.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', ...testCard() });
  expect(res.statusCode).toBe(200);
}

async function deliveries(r: TestRelay, endpointId: string): Promise<Record<string, unknown>[]> {
  const res = await r.get(`/v1/webhooks/${endpointId}/deliveries?entityId=${r.merchant.entityId}`);
  expect(res.statusCode).toBe(200);
  return res.json().deliveries as Record<string, unknown>[];
}

/** Notifications sent after the activation. */
const sends = (rec: WebhookReceiver): number => rec.received.length - 1;

describe.each(DATABASES)('a receiver answering bytes text cannot hold (%s)', (kind) => {
  it('answering 500: exactly one recorded attempt per send, the next one at the rung of the ladder', async () => {
    const { relay: r, receiver: rec, endpointId } = await setUp(kind, () => ({ status: 500, body: HOSTILE_BODY }));
    const t0 = r.clock.now();
    await pay(r);
    await r.ctx.jobs.runDue();
    expect(sends(rec)).toBe(1);
    let [delivery] = await deliveries(r, endpointId);
    expect(delivery).toMatchObject({ state: 'pending', attemptCount: 1 });
    const attempts = delivery?.attempts as { status: number; response: string }[];
    expect(attempts.map((a) => a.status)).toEqual([500]);
    expect(attempts[0]?.response).toMatch(/^refused\uFFFD .* end$/);
    const work = await r.ctx.store.webhooks.deliveryWork(delivery?.id as string);
    expect(work?.delivery.nextAttemptAt).toBe(t0 + MINUTE);

    // Nothing more before the first rung, however often the runner looks.
    for (let i = 0; i < 5; i++) {
      r.clock.advance(10_000);
      await r.ctx.jobs.runDue();
    }
    expect(sends(rec)).toBe(1);
    r.clock.set(t0 + MINUTE);
    await r.ctx.jobs.runDue();
    expect(sends(rec)).toBe(2);
    [delivery] = await deliveries(r, endpointId);
    expect(delivery).toMatchObject({ state: 'pending', attemptCount: 2 });
    expect((delivery?.attempts as unknown[]).length).toBe(2);
    const next = await r.ctx.store.webhooks.deliveryWork(delivery?.id as string);
    expect(next?.delivery.nextAttemptAt).toBe(t0 + 3 * MINUTE);
  });

  it('answering 200 with a megabyte of such bytes: the delivery is delivered', async () => {
    const { relay: r, receiver: rec, endpointId } = await setUp(kind, () => ({ status: 200, body: Buffer.concat([HOSTILE_BODY, Buffer.alloc(1 << 20, HOSTILE_BODY)]) }));
    await pay(r);
    await r.ctx.jobs.runDue();
    expect(sends(rec)).toBe(1);
    const [delivery] = await deliveries(r, endpointId);
    expect(delivery).toMatchObject({ state: 'delivered', attemptCount: 1 });
    expect((delivery?.attempts as { status: number }[]).map((a) => a.status)).toEqual([200]);
    r.clock.advance(10 * MINUTE);
    await r.ctx.jobs.runDue();
    expect(sends(rec)).toBe(1);
  });

  it('a record that fails for another reason: the job waits out the runner back-off, then the attempt is recorded', async () => {
    const { relay: r, receiver: rec, endpointId } = await setUp(kind, () => 500);
    const webhooks = r.ctx.store.webhooks;
    const record = webhooks.recordAttempt.bind(webhooks);
    let failures = 1;
    webhooks.recordAttempt = (...args) => {
      if (failures-- > 0) return Promise.reject(new Error('the database refused the write'));
      return record(...args);
    };
    await pay(r);
    await r.ctx.jobs.runDue();
    expect(sends(rec)).toBe(1);
    expect(await deliveries(r, endpointId)).toMatchObject([{ state: 'pending', attemptCount: 0 }]);
    // The runner's back-off for a first failed try: not a moment sooner.
    const wait = retryDelay(1, r.ctx.config.jobs.retryBaseMs, r.ctx.config.jobs.retryMaxMs);
    r.clock.advance(wait - 1);
    await r.ctx.jobs.runDue();
    await r.ctx.jobs.runDue();
    expect(sends(rec)).toBe(1);
    r.clock.advance(1);
    await r.ctx.jobs.runDue();
    expect(sends(rec)).toBe(2);
    expect(await deliveries(r, endpointId)).toMatchObject([{ state: 'pending', attemptCount: 1 }]);
  });
});

describe('storableText', () => {
  it('replaces NUL and lone surrogate halves, keeps pairs, and never cuts a pair in two', () => {
    expect(storableText('a\u0000b\ud800c\udc00d', 100)).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    expect(storableText('x\u{1F600}y', 100)).toBe('x\u{1F600}y');
    expect(storableText('x\u{1F600}y', 2)).toBe('x');
    expect(storableText('x\u{1F600}y', 3)).toBe('x\u{1F600}');
  });
});
