// The test tools (testTools.use, test environment only) against the real relay: the merchant API
// makes the payments, the back office's routes run the simulator's own flows on them, and what
// they did is read back through the store and the payment's detail. In live every /api/test/*
// route answers 403 and Me leaves the tools out.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/domain/users.js';
import { testCard } from '../helper.js';
import { startBackoffice, type BackofficeClient } from './harness.js';
import { startPaymentsBackoffice, type PaymentsBackoffice } from './payments-fixture.js';
import { redirectPayment, slipPayment } from './test-tools-fixture.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let env: PaymentsBackoffice;
let developer: BackofficeClient;
let keys = 0;
const key = () => `test-tools-${++keys}`;

beforeAll(async () => {
  env = await startPaymentsBackoffice();
  developer = await env.bo.signIn('developer', { merchantId: env.shop.merchantId });
});
afterAll(() => env.close());

const payment = async (id: string) => (await env.bo.store.payments.findById(id))!;
/** The newest row of `action` on `target` (rows of one millisecond come in no set order). */
const auditOf = async (action: string, target: string): Promise<AuditEntry | undefined> =>
  (await env.bo.store.audit.list(env.shop.merchantId, { action }, undefined, 1000)).entries.find((e) => e.target === target);
/** The shop channel's clock as GET /api/test/clock tells it. */
const shopClock = async () => (await developer.get('/api/test/clock')).json().clocks.find((c: { entityId: string }) => c.entityId === env.shop.entityId);
const auditCount = async () => (await env.bo.store.audit.list(env.shop.merchantId, {}, undefined, 1000)).entries.length;

describe('the test clock', () => {
  it("lists the clocks of the channels the person may see, at the relay's time until moved", async () => {
    const other = await env.bo.addEntity(env.shop.merchantId);
    const all = (await developer.get('/api/test/clock')).json();
    expect(all.now).toBe(env.bo.clock.now());
    expect(all.clocks.map((c: { entityId: string }) => c.entityId).sort()).toEqual([env.shop.entityId, other].sort());
    expect(await shopClock()).toMatchObject({ name: 'Shop channel', time: env.bo.clock.now(), ahead: false });
    const limited = await env.bo.signIn('developer', { merchantId: env.shop.merchantId, channelIds: [other] });
    expect((await limited.get('/api/test/clock')).json().clocks.map((c: { entityId: string }) => c.entityId)).toEqual([other]);
    // A channel the person is kept from is not theirs to move.
    const moved = await limited.post('/api/test/clock', { entityId: env.shop.entityId, time: env.bo.clock.now() + HOUR });
    expect([moved.statusCode, moved.json().error.code]).toEqual([404, 'notFound']);
  });

  it('moves forward, runs what became due and says what ran, with its audit row', async () => {
    const redirect = await redirectPayment(env);
    await env.pay('DB');
    const start = (await shopClock()).time as number;
    const res = await developer.post('/api/test/clock', { entityId: env.shop.entityId, time: start + 2 * DAY });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ entityId: env.shop.entityId, from: start, time: start + 2 * DAY });
    expect(body.ran.redirectExpiries).toBeGreaterThanOrEqual(1);
    expect(body.ran.settledDays).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.ran).sort()).toEqual(['redirectExpiries', 'scheduleCharges', 'settledDays', 'voucherSlips']);
    expect(await payment(redirect)).toMatchObject({ status: 'declined', resultCode: '100.396.103' });
    expect(await shopClock()).toMatchObject({ time: start + 2 * DAY, ahead: true });
    const row = (await auditOf('testTools.moveClock', env.shop.entityId))!;
    expect(row).toMatchObject({ userId: developer.user!.id, address: '127.0.0.1' });
    expect(row.after).toMatchObject({ redirectExpiries: body.ran.redirectExpiries, settledDays: body.ran.settledDays });
    expect(row.before).toHaveProperty('time');
  });

  it('refuses a move backwards or a bad body, naming the parameters, and writes nothing', async () => {
    const before = await auditCount();
    const back = await developer.post('/api/test/clock', { entityId: env.shop.entityId, time: env.bo.clock.now() - HOUR });
    expect(back.statusCode).toBe(400);
    expect(back.json().error.parameters.map((p: { name: string }) => p.name)).toEqual(['time']);
    const bad = await developer.post('/api/test/clock', { time: '2026-12-01' });
    expect(bad.json().error.parameters.map((p: { name: string }) => p.name)).toEqual(['entityId', 'time']);
    expect((await developer.post('/api/test/clock', [1])).statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
  });
});

describe('voucher slips', () => {
  it('pays a slip: the RC record, the slip out of pending, the audit row in its transaction', async () => {
    const id = await slipPayment(env);
    const detail = (await developer.get(`/api/payments/${id}`)).json();
    expect(detail.allowed.test).toMatchObject({ pay: true, expire: true });
    const res = await developer.post(`/api/test/vouchers/${id}/pay`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ payment: { id, status: 'success' }, record: { paymentType: 'RC', resultCode: '000.000.000' } });
    expect(await auditOf('testTools.paySlip', id)).toMatchObject({ userId: developer.user!.id, after: { resultCode: '000.000.000', recordId: res.json().record.id, currency: 'MXN' } });
    const again = await developer.post(`/api/test/vouchers/${id}/expire`);
    expect([again.statusCode, again.json().error.code, again.json().error.resultCode]).toEqual([422, 'refused', '100.350.101']);
  });

  it('expires a slip unpaid; a card payment is no slip', async () => {
    const id = await slipPayment(env);
    const res = await developer.post(`/api/test/vouchers/${id}/expire`);
    expect(res.json()).toMatchObject({ payment: { status: 'declined', resultCode: '100.396.103' } });
    expect(await auditOf('testTools.expireSlip', id)).toMatchObject({ after: { resultCode: '100.396.103' } });
    const card = await env.pay('DB');
    const before = await auditCount();
    const refused = await developer.post(`/api/test/vouchers/${card}/pay`);
    expect([refused.statusCode, refused.json().error.resultCode]).toEqual([422, '700.100.700']);
    expect(await auditCount()).toBe(before);
  });
});

describe('redirect payments', () => {
  it('approves one as its shopper would, and cancels another', async () => {
    const approved = await redirectPayment(env);
    expect((await developer.get(`/api/payments/${approved}`)).json().allowed.test).toMatchObject({ approve: true, cancel: true });
    const res = await developer.post(`/api/test/payments/${approved}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'success' });
    expect(await auditOf('testTools.approvePayment', approved)).toMatchObject({ after: { ending: 'approve' } });
    const cancelled = await redirectPayment(env);
    expect((await developer.post(`/api/test/payments/${cancelled}/cancel`)).json().payment).toMatchObject({ status: 'declined', resultCode: '100.396.101' });
    const late = await developer.post(`/api/test/payments/${cancelled}/approve`);
    expect([late.statusCode, late.json().error.resultCode]).toEqual([422, '100.350.101']);
    const card = await developer.post(`/api/test/payments/${await env.pay('DB')}/approve`);
    expect([card.statusCode, card.json().error.resultCode]).toEqual([422, '700.100.700']);
  });
});

describe('chargebacks', () => {
  it('charges a card payment back and reverses the chargeback, once per key, each with its audit row', async () => {
    const id = await env.pay('DB');
    const offered = (await developer.get(`/api/payments/${id}`)).json().allowed.test;
    expect(offered.chargeback).toMatchObject({ max: '100.00', currency: 'EUR' });
    expect(offered.chargeback.reasons).toContainEqual({ code: '000.100.220', description: 'Fraudulent Transaction' });
    const body = { amount: '30.00', currency: 'EUR', reasonCode: '000.100.220', idempotencyKey: key() };
    const res = await developer.post(`/api/test/payments/${id}/chargeback`, body);
    expect(res.statusCode, res.body).toBe(200);
    const cb = res.json().record;
    expect(cb).toMatchObject({ paymentType: 'CB', amount: '30.00', resultCode: '000.100.220' });
    expect(await auditOf('testTools.chargeback', id)).toMatchObject({ after: { recordId: cb.id, amount: '30.00', reasonCode: '000.100.220' } });
    // The same confirmation sent again: the first answer, nothing more written.
    const count = await auditCount();
    expect((await developer.post(`/api/test/payments/${id}/chargeback`, body)).json().record.id).toBe(cb.id);
    expect(await auditCount()).toBe(count);
    expect((await payment(id)).chargebackAmount).toBe(3000);

    const open = (await developer.get(`/api/payments/${id}`)).json().allowed.test;
    expect(open.chargeback.max).toBe('70.00');
    expect(open.chargebackReversal.chargebacks).toEqual([expect.objectContaining({ id: cb.id, amount: '30.00', reasonCode: '000.100.220', reasonDescription: 'Fraudulent Transaction' })]);
    const reversal = await developer.post(`/api/test/payments/${id}/chargeback-reversal`, { chargebackId: cb.id, idempotencyKey: key() });
    expect(reversal.statusCode, reversal.body).toBe(200);
    expect(reversal.json().record).toMatchObject({ paymentType: 'CR', amount: '30.00' });
    expect(await auditOf('testTools.chargebackReversal', id)).toMatchObject({ after: { chargebackId: cb.id } });
    expect((await payment(id)).chargebackAmount ?? 0).toBe(0);
    const twice = await developer.post(`/api/test/payments/${id}/chargeback-reversal`, { chargebackId: cb.id, idempotencyKey: key() });
    expect([twice.statusCode, twice.json().error.code, twice.json().error.resultCode]).toEqual([422, 'refused', '700.400.410']);
  });

  it('refuses a chargeback the lifecycle refuses (422 with its code) and a bad body (400 naming each parameter)', async () => {
    // A merchant forces a decline by typing its code as the card holder.
    const paid = await env.post('/v1/payments', { entityId: env.shop.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', ...testCard(undefined, { 'card.holder': '800.100.151' }) });
    const declined = paid.json().id as string;
    expect((await payment(declined)).status).toBe('declined');
    expect((await developer.get(`/api/payments/${declined}`)).json().allowed.test).toBeUndefined();
    const before = await auditCount();
    const res = await developer.post(`/api/test/payments/${declined}/chargeback`, { amount: '1.00', currency: 'EUR', reasonCode: '000.100.220', idempotencyKey: key() });
    expect([res.statusCode, res.json().error.code, res.json().error.resultCode]).toEqual([422, 'refused', '700.400.400']);
    const bad = await developer.post(`/api/test/payments/${declined}/chargeback`, { amount: '1,00', reasonCode: '800.100.151' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['amount', 'currency', 'idempotencyKey', 'reasonCode']);
    const noChargeback = await developer.post(`/api/test/payments/${declined}/chargeback-reversal`, { chargebackId: 'x', idempotencyKey: key() });
    expect(noChargeback.json().error.parameters.map((p: { name: string }) => p.name)).toEqual(['chargebackId']);
    expect(await auditCount()).toBe(before);
  });

  it("answers 404 for another merchant's payment on every operation", async () => {
    const other = await env.addShop();
    const foreign = await env.pay('DB', {}, other);
    for (const path of ['test/vouchers/:id/pay', 'test/vouchers/:id/expire', 'test/payments/:id/approve', 'test/payments/:id/cancel']) {
      expect((await developer.post(`/api/${path.replace(':id', foreign)}`)).statusCode, path).toBe(404);
    }
    expect((await developer.post(`/api/test/payments/${foreign}/chargeback`, { amount: '1.00', currency: 'EUR', reasonCode: '000.100.220', idempotencyKey: key() })).statusCode).toBe(404);
    expect((await developer.post(`/api/test/payments/${foreign}/chargeback-reversal`, { chargebackId: foreign, idempotencyKey: key() })).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('offers the tools on the payment page only to who may use them', async () => {
    const id = await env.pay('DB');
    const support = await env.bo.signIn('support', { merchantId: env.shop.merchantId });
    expect((await support.get(`/api/payments/${id}`)).json().allowed.test).toBeUndefined();
    expect((await support.post(`/api/test/payments/${id}/approve`)).statusCode).toBe(403);
    expect(support.me!.actions).not.toContain('testTools.use');
    expect(developer.me!.actions).toContain('testTools.use');
  });
});

describe('in the live environment', () => {
  const ROUTES = [
    ['GET', '/api/test/clock'],
    ['POST', '/api/test/clock'],
    ['POST', '/api/test/vouchers/:id/pay'],
    ['POST', '/api/test/vouchers/:id/expire'],
    ['POST', '/api/test/payments/:id/approve'],
    ['POST', '/api/test/payments/:id/cancel'],
    ['POST', '/api/test/payments/:id/chargeback'],
    ['POST', '/api/test/payments/:id/chargeback-reversal'],
  ] as const;

  it('refuses every test tool with 403 and leaves testTools.use out of Me', async () => {
    const live = await startBackoffice({ config: { environment: 'live' } });
    try {
      for (const role of ['owner', 'admin', 'developer'] as const) {
        const person = await live.signIn(role);
        expect(person.me!.actions, role).not.toContain('testTools.use');
        expect((await person.get('/api/session')).json().actions, role).not.toContain('testTools.use');
        for (const [method, route] of ROUTES) {
          expect(live.app.hasRoute({ method, url: route }), route).toBe(true);
          const res = await person.request({ method, url: route.replace(':id', '0'.repeat(32)), body: { entityId: live.merchant.entityId, time: live.clock.now() + HOUR } });
          expect(res.statusCode, `${role} ${method} ${route}`).toBe(403);
          expect(res.json().error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('test environment only') });
        }
      }
      expect(await live.store.schedules.findTestClock(live.merchant.entityId)).toBeUndefined();
    } finally {
      await live.close();
    }
  });
});
