// GET /api/channels, /api/payments and /api/payments/export.csv through the back office app: the
// merchant's payments newest first with an opaque cursor, filters and the search box, a person
// limited to channels seeing only theirs, another merchant's channel a 404, bad values a 400 naming
// them, and never a card number.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../src/domain/records.js';
import { paymentRecord } from '../storage/contract/fixtures.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';

const CARD_NUMBER = '4200000000000000';
const T = Date.UTC(2026, 10, 1);

describe('back office payment list', () => {
  let bo: BackofficeHarness;
  let second: string;
  const mine: PaymentRecord[] = [];
  let theirs: PaymentRecord;

  beforeAll(async () => {
    bo = await startBackoffice();
    second = await bo.addEntity(bo.merchant.merchantId);
    // The answer holds a card as the relay stores it; the list must show its last four only.
    const answer = JSON.stringify({ card: { bin: '420000', last4Digits: '0000' }, note: CARD_NUMBER });
    for (let n = 0; n < 7; n++) {
      const p = paymentRecord(n % 2 ? second : bo.merchant.entityId, {
        createdAt: T + n * 1_000,
        amount: 1_000 * (n + 1),
        status: n === 3 ? 'declined' : 'success',
        merchantTransactionId: `order-${n}`,
        method: 'card',
        cardLast4: n === 5 ? '1881' : '0000',
        customerEmail: n === 6 ? 'ann@shop.example' : null,
        chargebackAmount: n === 4 ? 500 : 0,
        responseJson: answer,
      });
      await bo.store.payments.insert(p);
      mine.push(p);
    }
    theirs = paymentRecord(bo.otherMerchant.entityId, { createdAt: T + 99_000, merchantTransactionId: 'order-1' });
    await bo.store.payments.insert(theirs);
  });
  afterAll(() => bo.close());

  const newestFirst = () => [...mine].reverse().map((p) => p.id);

  it('lists the merchant\'s channels, or those a person is limited to', async () => {
    const owner = await bo.signIn('owner');
    const channels: { entityId: string; name: string }[] = (await owner.get('/api/channels')).json().channels;
    // Oldest first; both were made at the same moment of the clock, so they are compared as a set.
    expect(channels.map((c) => c.entityId).sort()).toEqual([bo.merchant.entityId, second].sort());
    expect(channels.every((c) => typeof c.name === 'string')).toBe(true);
    const limited = await bo.signIn('viewer', { channelIds: [second] });
    expect((await limited.get('/api/channels')).json()).toEqual({ channels: [{ entityId: second, name: expect.any(String) }] });
  });

  it('answers rows newest first in the API\'s shape, in pages with an opaque cursor, no-store', async () => {
    const viewer = await bo.signIn('viewer');
    const first = await viewer.get('/api/payments?limit=4');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page = first.json();
    expect(page.payments.map((p: { id: string }) => p.id)).toEqual(newestFirst().slice(0, 4));
    const chargedBack = mine[4] as PaymentRecord;
    expect(page.payments[2]).toEqual({
      id: chargedBack.id,
      createdAt: T + 4_000,
      entityId: bo.merchant.entityId,
      paymentType: 'DB',
      paymentBrand: 'VISA',
      method: 'card',
      amount: '50.00',
      currency: 'EUR',
      status: 'chargedBack',
      resultCode: '000.100.110',
      merchantTransactionId: 'order-4',
      last4: '0000',
      email: null,
    });
    expect(page.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const rest = (await viewer.get(`/api/payments?limit=4&after=${page.next}`)).json();
    expect(rest.payments.map((p: { id: string }) => p.id)).toEqual(newestFirst().slice(4));
    expect(rest.next).toBeUndefined();
    expect(first.body + JSON.stringify(rest)).not.toContain(CARD_NUMBER);
  });

  it('filters and searches', async () => {
    const viewer = await bo.signIn('viewer');
    const ids = async (query: string) => (await viewer.get(`/api/payments?${query}`)).json().payments.map((p: { id: string }) => p.id);
    expect(await ids('status=declined')).toEqual([mine[3]?.id]);
    expect(await ids('status=chargedBack')).toEqual([mine[4]?.id]);
    expect(await ids('amountMin=20.00&amountMax=30.00')).toEqual([mine[2]?.id, mine[1]?.id]);
    expect(await ids(`from=${T + 2_000}&to=${T + 4_000}`)).toEqual([mine[3]?.id, mine[2]?.id]);
    expect(await ids(`channel=${second}`)).toEqual([mine[5]?.id, mine[3]?.id, mine[1]?.id]);
    expect(await ids('q=1881')).toEqual([mine[5]?.id]);
    expect(await ids('q=ANN%40shop.example')).toEqual([mine[6]?.id]);
    // Another merchant's payment of the same reference stays out of sight.
    expect(await ids('q=order-1')).toEqual([mine[1]?.id]);
    expect(await ids(`q=${theirs.id}`)).toEqual([]);
  });

  it('shows a person limited to channels only theirs, and another merchant\'s channel as not found', async () => {
    const limited = await bo.signIn('support', { channelIds: [second] });
    expect((await limited.get('/api/payments')).json().payments.map((p: { id: string }) => p.id)).toEqual([mine[5]?.id, mine[3]?.id, mine[1]?.id]);
    for (const channel of [bo.merchant.entityId, bo.otherMerchant.entityId]) {
      for (const url of [`/api/payments?channel=${channel}`, `/api/payments/export.csv?channel=${channel}`]) {
        const response = await limited.get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('notFound');
      }
    }
    const owner = await bo.signIn('owner');
    expect((await owner.get(`/api/payments?channel=${bo.otherMerchant.entityId}`)).statusCode).toBe(404);
  });

  it('answers 400 naming each bad parameter, and 401 to who is not signed in', async () => {
    const viewer = await bo.signIn('viewer');
    for (const url of ['/api/payments?status=refunded&limit=500&amountMin=1e3', '/api/payments/export.csv?status=refunded&limit=500&amountMin=1e3']) {
      const response = await viewer.get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'invalidParameters',
        message: expect.any(String),
        parameters: [
          { name: 'status', message: expect.any(String) },
          { name: 'amountMin', message: expect.any(String) },
          { name: 'limit', message: expect.any(String) },
        ],
      });
    }
    const cursor = await viewer.get('/api/payments?after=bm90LWEtY3Vyc29y');
    expect(cursor.json().error.parameters).toEqual([{ name: 'after', message: expect.any(String) }]);
    for (const url of ['/api/payments', '/api/payments/export.csv', '/api/channels']) expect((await bo.anonymous().get(url)).statusCode).toBe(401);
  });

  it('exports the filtered list as CSV, every page, never a card number', async () => {
    const viewer = await bo.signIn('finance');
    const response = await viewer.get('/api/payments/export.csv?status=success&limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    const lines = response.body.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe('id;createdAt;entityId;paymentType;paymentBrand;method;amount;currency;status;resultCode;merchantTransactionId;last4;email');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(newestFirst().filter((id) => id !== mine[3]?.id));
    expect(response.body).not.toContain(CARD_NUMBER);
  });
});
