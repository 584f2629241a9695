// The back office's payment actions through its API, signed in as each role: capture, refund and
// reverse run the merchant API's follow-up flow (the same lifecycle refusals, webhooks and
// idempotency), each with its audit row; a support agent refunds only up to the merchant's limit;
// one confirmation's key sends one action however often it is posted.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/roles.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import type { BackofficeClient, NewUser } from './harness.js';
import { startPaymentsBackoffice, type PaymentsBackoffice } from './payments-fixture.js';

let env: PaymentsBackoffice;
let keys = 0;
const key = () => `confirmation-${++keys}`;

beforeEach(async () => {
  env = await startPaymentsBackoffice();
});

afterEach(async () => {
  await env.close();
});

const signIn = (role: Role, options: NewUser = {}) => env.bo.signIn(role, { merchantId: env.shop.merchantId, ...options });

async function auditOf(action: string) {
  return (await env.bo.store.audit.list(env.shop.merchantId, { action }, undefined, 50)).entries;
}

const family = (paymentId: string) => env.bo.store.payments.family(env.shop.entityId, paymentId);

async function setSupportLimit(amount: number, currency: string): Promise<void> {
  const now = env.bo.clock.now();
  expect(await env.bo.store.merchantSettings.put({ merchantId: env.shop.merchantId, supportRefundLimit: { amount, currency }, requireTwoFactor: false, updatedAt: now }, null)).toBe(true);
}

describe('capture, refund and reverse', () => {
  it('captures part of a PA as the merchant API would, with its audit row', async () => {
    const owner = await signIn('owner');
    const pa = await env.pay('PA');
    const res = await owner.post(`/api/payments/${pa}/capture`, { amount: '60.00', currency: 'EUR', idempotencyKey: key() });
    expect(res.statusCode).toBe(200);
    const record = res.json().record;
    expect(record).toMatchObject({ paymentType: 'CP', amount: '60.00', currency: 'EUR', status: 'success' });
    expect(record.resultCode).toMatch(/^000\./);
    expect(record.resultDescription).toEqual(expect.any(String));
    expect((await env.bo.store.payments.find(env.shop.entityId, pa))?.capturedAmount).toBe(6_000);
    expect(await auditOf('payment.capture')).toEqual([
      expect.objectContaining({ userId: owner.user?.id, target: pa, after: { amount: '60.00', currency: 'EUR', recordId: record.id, resultCode: record.resultCode } }),
    ]);
  });

  it("refunds a debit and refuses a refund beyond what is left with the lifecycle's code, writing nothing", async () => {
    const finance = await signIn('finance');
    const db = await env.pay('DB');
    expect((await finance.post(`/api/payments/${db}/refund`, { amount: '80.00', currency: 'EUR', idempotencyKey: key() })).statusCode).toBe(200);
    const refused = await finance.post(`/api/payments/${db}/refund`, { amount: '20.01', currency: 'EUR', idempotencyKey: key() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'refused', resultCode: '700.400.200' });
    expect(refused.json().error.resultDescription).toEqual(expect.any(String));
    expect(await family(db)).toHaveLength(2);
    expect(await auditOf('payment.refund')).toHaveLength(1);
  });

  it('reverses an authorization, and refuses a second reversal', async () => {
    const admin = await signIn('admin');
    const pa = await env.pay('PA');
    const res = await admin.post(`/api/payments/${pa}/reverse`, { idempotencyKey: key() });
    expect(res.statusCode).toBe(200);
    expect(res.json().record).toMatchObject({ paymentType: 'RV', amount: '100.00' });
    expect((await env.bo.store.payments.find(env.shop.entityId, pa))?.reversed).toBe(true);
    const again = await admin.post(`/api/payments/${pa}/reverse`, { idempotencyKey: key() });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.resultCode).toBe('700.400.300');
    expect(await auditOf('payment.reverse')).toHaveLength(1);
  });

  it('sends one action for one confirmation, however often it is posted, and answers each post with the first result', async () => {
    const owner = await signIn('owner');
    const pa = await env.pay('PA');
    const body = { amount: '10.00', currency: 'EUR', idempotencyKey: key() };
    const first = await owner.post(`/api/payments/${pa}/capture`, body);
    const second = await owner.post(`/api/payments/${pa}/capture`, body);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    // Posted together: one is sent, the other answers the first's result or that it is under way.
    const together = { ...body, idempotencyKey: key() };
    const both = await Promise.all([owner.post(`/api/payments/${pa}/capture`, together), owner.post(`/api/payments/${pa}/capture`, together)]);
    for (const res of both) expect([200, 409]).toContain(res.statusCode);
    expect((await family(pa)).filter((r) => r.paymentType === 'CP')).toHaveLength(2);
    expect(await auditOf('payment.capture')).toHaveLength(2);
    // The key of one action is no key for another.
    const reused = await owner.post(`/api/payments/${pa}/capture`, { ...body, amount: '11.00' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.parameters).toEqual([expect.objectContaining({ name: 'idempotencyKey' })]);
  });

  it('names a bad amount, currency or key in a 400 and writes nothing', async () => {
    const owner = await signIn('owner');
    const pa = await env.pay('PA');
    for (const [body, names] of [
      [{ amount: '12.5x', currency: 'EUR', idempotencyKey: key() }, ['amount']],
      [{ amount: 12.5, currency: 'EUR', idempotencyKey: key() }, ['amount']],
      [{ amount: '12.50', currency: 'eur', idempotencyKey: '' }, ['currency', 'idempotencyKey']],
    ] as const) {
      const res = await owner.post(`/api/payments/${pa}/capture`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalidParameters');
      expect(res.json().error.parameters.map((p: { name: string }) => p.name).sort()).toEqual([...names]);
    }
    expect(await family(pa)).toHaveLength(1);
    expect(await auditOf('payment.capture')).toEqual([]);
  });

  it("answers another merchant's payment, or one of a channel the person is kept from, as not found", async () => {
    const other = await env.addShop();
    const theirs = await env.pay('PA', {}, other);
    const owner = await signIn('owner');
    expect((await owner.post(`/api/payments/${theirs}/capture`, { amount: '1.00', currency: 'EUR', idempotencyKey: key() })).statusCode).toBe(404);
    expect((await owner.get(`/api/payments/${theirs}`)).statusCode).toBe(404);
    const second = await env.bo.addEntity(env.shop.merchantId);
    const mine = await env.pay('PA');
    const limited = await signIn('owner', { channelIds: [second] });
    expect((await limited.get(`/api/payments/${mine}`)).statusCode).toBe(404);
    expect((await limited.post(`/api/payments/${mine}/reverse`, { idempotencyKey: key() })).statusCode).toBe(404);
    expect((await env.bo.store.payments.find(other.entityId, theirs))?.capturedAmount).toBe(0);
    expect((await env.bo.store.payments.find(env.shop.entityId, mine))?.reversed).toBe(false);
  });

  it('refuses what the role may not do, before anything is sent', async () => {
    const pa = await env.pay('PA');
    const refusals: [Role, string, Record<string, unknown>][] = [
      ['finance', 'capture', { amount: '1.00', currency: 'EUR' }],
      ['support', 'reverse', {}],
      ['viewer', 'refund', { amount: '1.00', currency: 'EUR' }],
      ['developer', 'capture', { amount: '1.00', currency: 'EUR' }],
    ];
    for (const [role, action, body] of refusals) {
      const client: BackofficeClient = await signIn(role);
      expect((await client.post(`/api/payments/${pa}/${action}`, { ...body, idempotencyKey: key() })).statusCode).toBe(403);
    }
    expect(await family(pa)).toHaveLength(1);
  });
});

describe("a support agent's refunds", () => {
  it("refunds up to the merchant's limit, and is refused above it with a message naming the limit", async () => {
    const support = await signIn('support');
    const db = await env.pay('DB');
    const none = await support.post(`/api/payments/${db}/refund`, { amount: '1.00', currency: 'EUR', idempotencyKey: key() });
    expect(none.statusCode).toBe(403);
    expect(none.json().error.message).toMatch(/no support refund limit/);
    await setSupportLimit(2_500, 'EUR');
    expect((await support.get(`/api/payments/${db}`)).json().allowed).toEqual({ refund: { max: '25.00', currency: 'EUR' } });
    const above = await support.post(`/api/payments/${db}/refund`, { amount: '25.01', currency: 'EUR', idempotencyKey: key() });
    expect(above.statusCode).toBe(403);
    expect(above.json().error).toMatchObject({ code: 'forbidden' });
    expect(above.json().error.message).toContain('25.00 EUR');
    expect((await support.post(`/api/payments/${db}/refund`, { amount: '25.00', currency: 'EUR', idempotencyKey: key() })).statusCode).toBe(200);
    expect((await family(db)).map((r) => r.paymentType)).toEqual(['DB', 'RF']);
    expect(await auditOf('payment.refund')).toEqual([expect.objectContaining({ userId: support.user?.id, after: expect.objectContaining({ amount: '25.00' }) })]);
    // A finance clerk is not held to the support limit.
    expect((await (await signIn('finance')).post(`/api/payments/${db}/refund`, { amount: '75.00', currency: 'EUR', idempotencyKey: key() })).statusCode).toBe(200);
  });
});

describe('webhooks of an action', () => {
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
  });

  it("tells the merchant's endpoint of a back office refund as of the merchant API's", async () => {
    receiver.answer = () => 200;
    const made = await env.post('/v1/webhooks', { entityId: env.shop.entityId, url: receiver.url });
    expect(made.json().state).toBe('active');
    receiver.secrets.push(made.json().secret as string);
    const db = await env.pay('DB');
    const byApi = await env.post(`/v1/payments/${db}`, { entityId: env.shop.entityId, paymentType: 'RF', amount: '10.00', currency: 'EUR' });
    expect(byApi.statusCode).toBe(200);
    const byBackoffice = await (await signIn('finance')).post(`/api/payments/${db}/refund`, { amount: '10.00', currency: 'EUR', idempotencyKey: key() });
    expect(byBackoffice.statusCode).toBe(200);
    await env.bo.ctx.jobs.runDue();
    const ids = [byApi.json().id as string, byBackoffice.json().record.id as string];
    const refunds = receiver.notifications().filter((n) => n.payload.paymentType === 'RF');
    expect(refunds.map((n) => n.payload.id).sort()).toEqual([...ids].sort());
    const [api, backoffice] = ids.map((id) => refunds.find((n) => n.payload.id === id));
    expect(backoffice?.type).toBe(api?.type);
    expect(backoffice?.action).toBe(api?.action);
    expect(Object.keys(backoffice?.payload ?? {}).sort()).toEqual(Object.keys(api?.payload ?? {}).sort());
  });
});
