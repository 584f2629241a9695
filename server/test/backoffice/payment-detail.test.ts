// The detail of a payment through the back office's API: its family as a timeline with each
// code's meaning, the checkout it came from, the notifications each record sent with their
// attempts, what the person may do now; never a card number or CVV. And the reads beside it:
// the resend of a payment's notifications (with its audit row), the settlement aggregations and
// the webhook endpoints (never their secrets).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/roles.js';
import { settleDay } from '../../src/settlement/run.js';
import { testCard } from '../helper.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import type { NewUser } from './harness.js';
import { startPaymentsBackoffice, type PaymentsBackoffice } from './payments-fixture.js';

const CARD = '4200000000000000';

let env: PaymentsBackoffice;
let receiver: WebhookReceiver;

beforeEach(async () => {
  env = await startPaymentsBackoffice();
  receiver = await startReceiver();
});

afterEach(async () => {
  await receiver.close();
  await env.close();
});

const signIn = (role: Role, options: NewUser = {}) => env.bo.signIn(role, { merchantId: env.shop.merchantId, ...options });

/** An active endpoint of the test merchant's channel on the receiver; its secret. */
async function endpoint(): Promise<{ id: string; secret: string }> {
  receiver.answer = () => 200;
  const made = await env.post('/v1/webhooks', { entityId: env.shop.entityId, url: receiver.url });
  expect(made.json().state).toBe('active');
  receiver.secrets.push(made.json().secret as string);
  return { id: made.json().id as string, secret: made.json().secret as string };
}

async function authorize(extra: Record<string, string> = {}): Promise<string> {
  const res = await env.post('/v1/payments', {
    entityId: env.shop.entityId,
    amount: '100.00',
    currency: 'EUR',
    paymentType: 'PA',
    merchantTransactionId: 'order-42',
    'customer.email': 'jane@shop.example',
    'billing.city': 'Berlin',
    'billing.country': 'DE',
    'customParameters.SHOPPER_note': `call back about ${CARD}`,
    ...testCard(CARD),
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

describe('GET /api/payments/:id', () => {
  it('shows the payment, its family as a timeline, the notifications with their attempts, and what the role may do now', async () => {
    await endpoint();
    const pa = await authorize();
    env.bo.clock.advance(1_000);
    const capture = await env.post(`/v1/payments/${pa}`, { entityId: env.shop.entityId, paymentType: 'CP', amount: '60.00', currency: 'EUR' });
    env.bo.clock.advance(1_000);
    const refund = await env.post(`/v1/payments/${capture.json().id}`, { entityId: env.shop.entityId, paymentType: 'RF', amount: '10.00', currency: 'EUR' });
    expect(refund.statusCode).toBe(200);
    await env.bo.ctx.jobs.runDue();

    const res = await (await signIn('owner')).get(`/api/payments/${pa}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.payment).toMatchObject({
      id: pa,
      paymentType: 'PA',
      method: 'card',
      amount: '100.00',
      status: 'success',
      merchantTransactionId: 'order-42',
      last4: '0000',
      email: 'jane@shop.example',
      card: { bin: '420000', last4: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' },
      billing: { city: 'Berlin', country: 'DE' },
    });
    expect(typeof detail.payment.resultDescription).toBe('string');
    expect(detail.timeline.map((r: { paymentType: string; amount: string }) => `${r.paymentType} ${r.amount}`)).toEqual(['PA 100.00', 'CP 60.00', 'RF 10.00']);
    for (const r of detail.timeline) expect(r.resultDescription).toEqual(expect.any(String));
    expect(detail.notifications).toHaveLength(3);
    expect(detail.notifications[0]).toMatchObject({ recordId: pa, event: 'PAYMENT.CREATED', url: receiver.url, state: 'delivered', attempts: [{ status: 'delivered', httpStatus: 200, error: null }] });
    // 40.00 left to capture, 50.00 of what was captured left to refund, and no reversal after a refund;
    // in the test environment the owner may also charge back what the refund left (test-tools.test.ts).
    expect(detail.allowed).toEqual({ capture: { max: '40.00', currency: 'EUR' }, refund: { max: '50.00', currency: 'EUR' }, test: { chargeback: { max: '50.00', currency: 'EUR', reasons: expect.any(Array) } } });
    expect(res.body).not.toContain(CARD);
    // No CVV, nor anything said of it: the card is its bin, last four, holder and expiry alone.
    expect(res.body).not.toMatch(/cvv/i);
    expect(Object.keys(detail.payment.card).sort()).toEqual(['bin', 'expiryMonth', 'expiryYear', 'holder', 'last4']);

    // A record of the family shows the same timeline, and a viewer may do nothing to it.
    const ofRefund = await (await signIn('viewer')).get(`/api/payments/${refund.json().id}`);
    expect(ofRefund.json().timeline).toEqual(detail.timeline);
    expect(ofRefund.json().allowed).toEqual({});
  });

  it('shows the checkout a widget payment came from', async () => {
    const prepared = await env.post('/v1/checkouts', { entityId: env.shop.entityId, amount: '25.00', currency: 'EUR', paymentType: 'DB' });
    expect(prepared.statusCode).toBe(200);
    const checkoutId = prepared.json().id as string;
    // The widget's submit is the checkout's own flow; the payment it makes names the checkout.
    const submit = await env.api.inject({ method: 'POST', url: `/v1/checkouts/${checkoutId}/payment`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ paymentBrand: 'VISA', ...testCard() }).toString() });
    expect(submit.statusCode, submit.body).toBe(200);
    const paymentId = (await env.bo.ctx.store.checkouts.find(checkoutId))?.lastPaymentId;
    const res = await (await signIn('support')).get(`/api/payments/${paymentId}`);
    expect(res.json().checkout).toMatchObject({ id: checkoutId, status: 'paid' });
  });

  it('answers an unknown or malformed id as not found', async () => {
    const owner = await signIn('owner');
    expect((await owner.get(`/api/payments/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await owner.get('/api/payments/%00')).statusCode).toBe(404);
  });
});

describe('POST /api/payments/:id/notifications/resend', () => {
  it("queues the family's finished deliveries again with an audit row, and they are sent again", async () => {
    await endpoint();
    const pa = await authorize();
    await env.post(`/v1/payments/${pa}`, { entityId: env.shop.entityId, paymentType: 'CP', amount: '10.00', currency: 'EUR' });
    await env.bo.ctx.jobs.runDue();
    const before = receiver.received.length;
    const support = await signIn('support');
    const res = await support.post(`/api/payments/${pa}/notifications/resend`, {});
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 2 });
    await env.bo.ctx.jobs.runDue();
    expect(receiver.received.length).toBe(before + 2);
    const rows = await env.bo.ctx.store.audit.list(env.shop.merchantId, { action: 'payment.resendNotifications' }, undefined, 10);
    expect(rows.entries).toEqual([expect.objectContaining({ target: pa, userId: support.user?.id, after: { queued: 2 } })]);
    // Sent again at once: nothing finished is left to queue, only what is on its way.
    expect((await support.post(`/api/payments/${pa}/notifications/resend`, {})).json()).toEqual({ queued: 2 });
    expect((await support.post(`/api/payments/${pa}/notifications/resend`, {})).json()).toEqual({ queued: 0 });
  });
});

describe('GET /api/settlement and GET /api/webhooks', () => {
  it("lists the settled days of the person's channels", async () => {
    const db = await env.post('/v1/payments', { entityId: env.shop.entityId, amount: '50.00', currency: 'EUR', paymentType: 'DB', ...testCard() });
    expect(db.statusCode).toBe(200);
    const day = new Date(env.bo.clock.now()).toISOString().slice(0, 10);
    await settleDay(env.bo.ctx, env.shop.entityId, day);
    env.bo.clock.advance(24 * 60 * 60 * 1000);
    const finance = await signIn('finance');
    const res = await finance.get('/api/settlement');
    expect(res.statusCode).toBe(200);
    expect(res.json().aggregations).toEqual([expect.objectContaining({ entityId: env.shop.entityId, day, currency: 'EUR', records: 1, settled: '50.00' })]);
    const other = await env.bo.addEntity(env.shop.merchantId);
    expect((await (await signIn('finance', { channelIds: [other] })).get('/api/settlement')).json().aggregations).toEqual([]);
    const bad = await finance.get('/api/settlement?from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.parameters).toEqual([expect.objectContaining({ name: 'from' })]);
  });

  it("lists the channels' webhook endpoints without their secrets", async () => {
    const { id, secret } = await endpoint();
    const res = await (await signIn('developer')).get('/api/webhooks');
    expect(res.statusCode).toBe(200);
    expect(res.json().endpoints).toEqual([expect.objectContaining({ id, entityId: env.shop.entityId, url: receiver.url, state: 'active' })]);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/secret/i);
  });
});
