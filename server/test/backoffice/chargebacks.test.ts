// The back office's chargebacks through its API: the chargebacks the simulator makes through the
// merchant API (/v1/test/payments/{id}/chargeback), open until /chargeback-reversal reverses them,
// listed newest first with their payment, reason, amount, dates and reversal, filtered by state and
// channel, in pages; nothing of another merchant or a channel the person may not see, never a card
// number; bad input is a 400.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/roles.js';
import type { NewUser } from './harness.js';
import { startPaymentsBackoffice, type PaymentsBackoffice, type ShopOfBackoffice } from './payments-fixture.js';

let env: PaymentsBackoffice;

beforeEach(async () => {
  env = await startPaymentsBackoffice();
});
afterEach(() => env.close());

const signIn = (role: Role, options: NewUser = {}) => env.bo.signIn(role, { merchantId: env.shop.merchantId, ...options });

async function chargeBack(paymentId: string, amount: string, reasonCode: string, shop: ShopOfBackoffice = env.shop): Promise<string> {
  const res = await env.post(`/v1/test/payments/${paymentId}/chargeback`, { entityId: shop.entityId, amount, currency: 'EUR', reasonCode }, shop);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

async function reverse(paymentId: string, chargebackId: string): Promise<string> {
  const res = await env.post(`/v1/test/payments/${paymentId}/chargeback-reversal`, { entityId: env.shop.entityId, chargebackId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

/** A payment charged back and the chargeback reversed a day later; another charged back later, still open. */
async function twoChargebacks() {
  const first = await env.pay('DB', { merchantTransactionId: 'order-0001' });
  const second = await env.pay('DB', { amount: '60.00', merchantTransactionId: 'order-0002' });
  env.bo.clock.advance(60_000);
  const closed = await chargeBack(first, '30.00', '000.100.220');
  env.bo.clock.advance(24 * 60 * 60 * 1000);
  const reversal = await reverse(first, closed);
  env.bo.clock.advance(60_000);
  const open = await chargeBack(second, '60.00', '000.100.203');
  return { first, second, closed, reversal, open };
}

describe('GET /api/chargebacks', () => {
  it('lists open and closed chargebacks, newest first, with their payment, reason, amount, dates and reversal', async () => {
    const { first, second, closed, reversal, open } = await twoChargebacks();
    const support = await signIn('support');
    const all = await support.get('/api/chargebacks');
    expect(all.statusCode, all.body).toBe(200);
    const [newest, oldest] = all.json().chargebacks;
    expect(all.json().chargebacks).toHaveLength(2);
    expect(newest).toEqual({
      id: open,
      entityId: env.shop.entityId,
      state: 'open',
      createdAt: expect.any(Number),
      amount: '60.00',
      currency: 'EUR',
      reason: { code: '000.100.203', description: 'Insufficient Funds' },
      settlementDate: null,
      payment: { id: second, paymentType: 'DB', paymentBrand: 'VISA', amount: '60.00', currency: 'EUR', createdAt: expect.any(Number), merchantTransactionId: 'order-0002', cardLast4: '0000' },
      reversal: null,
    });
    expect(oldest).toMatchObject({ id: closed, state: 'closed', amount: '30.00', reason: { code: '000.100.220', description: 'Fraudulent Transaction' }, payment: { id: first, amount: '100.00' }, reversal: { id: reversal, amount: '30.00' } });
    expect(oldest.reversal.createdAt - oldest.createdAt).toBe(24 * 60 * 60 * 1000);
    expect(oldest.createdAt - oldest.payment.createdAt).toBe(60_000);
    expect(all.body).not.toContain('4200000000000000');

    expect((await support.get('/api/chargebacks?state=open')).json().chargebacks.map((c: { id: string }) => c.id)).toEqual([open]);
    expect((await support.get('/api/chargebacks?state=closed')).json().chargebacks.map((c: { id: string }) => c.id)).toEqual([closed]);
  });

  it('pages with an opaque cursor, and filters by channel', async () => {
    const { closed, open } = await twoChargebacks();
    const finance = await signIn('finance');
    const first = (await finance.get('/api/chargebacks?limit=1')).json();
    expect(first.chargebacks.map((c: { id: string }) => c.id)).toEqual([open]);
    const second = (await finance.get(`/api/chargebacks?limit=1&cursor=${first.next}`)).json();
    expect(second.chargebacks.map((c: { id: string }) => c.id)).toEqual([closed]);
    expect(second.next).toBeUndefined();
    expect((await finance.get(`/api/chargebacks?channel=${env.shop.entityId}`)).json().chargebacks).toHaveLength(2);
  });

  it("shows nothing of another merchant's or an unseen channel's chargebacks", async () => {
    await twoChargebacks();
    const other = await env.addShop();
    const theirs = await env.pay('DB', {}, other);
    const theirChargeback = await chargeBack(theirs, '5.00', '000.100.220', other);
    const owner = await signIn('owner');
    const res = await owner.get('/api/chargebacks');
    expect(res.json().chargebacks).toHaveLength(2);
    expect(res.body).not.toContain(theirChargeback);
    expect((await owner.get(`/api/chargebacks?channel=${other.entityId}`)).statusCode).toBe(404);
    const elsewhere = await env.bo.addEntity(env.shop.merchantId);
    expect((await (await signIn('support', { channelIds: [elsewhere] })).get('/api/chargebacks')).json().chargebacks).toEqual([]);
  });

  it('names a bad state, cursor or page size', async () => {
    const support = await signIn('support');
    for (const [query, name] of [
      ['state=won', 'state'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['cursor=%27%20or%201%3D1', 'cursor'],
      ['limit=500', 'limit'],
      ['state=open&state=closed', 'state'],
    ] as const) {
      const res = await support.get(`/api/chargebacks?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.parameters, query).toEqual([expect.objectContaining({ name })]);
    }
  });
});
