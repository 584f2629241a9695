// The back office's settlement through its API, against the merchant API's settlement reports on
// the same relay: the totals of a range are the sums of the API's aggregations, an aggregation's
// records are the API's v2 records, the reconciliation file is the API's file byte for byte; a
// channel's fee table; the quotes its payments used. Days are settled as the settlement job
// settles them (settleDay). Nothing of a channel the person may not see, and bad input is a 400.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/domain/money.js';
import type { Role } from '../../src/domain/roles.js';
import { settleDay } from '../../src/settlement/run.js';
import type { NewUser } from './harness.js';
import { startPaymentsBackoffice, type PaymentsBackoffice } from './payments-fixture.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let env: PaymentsBackoffice;

beforeEach(async () => {
  env = await startPaymentsBackoffice();
  // 2.50% + 0.30 on VISA, 1% on any other brand, as `entity update --settlement-fee` writes it.
  const entity = (await env.bo.store.entities.find(env.shop.entityId))!;
  await env.bo.store.entities.updateSettings(entity.id, { ...entity.settings, settlementFees: { VISA: { basisPoints: 250, fixed: 30 }, '*': { basisPoints: 100, fixed: 0 } } });
});
afterEach(() => env.close());

const signIn = (role: Role, options: NewUser = {}) => env.bo.signIn(role, { merchantId: env.shop.merchantId, ...options });
const today = () => new Date(env.bo.clock.now()).toISOString().slice(0, 10);
const apiGet = (url: string) => env.api.inject({ method: 'GET', url, headers: { authorization: `Bearer ${env.shop.token}` } });

/** Two settled days: a debit, a refund and a chargeback on the first; a debit on the second. */
async function twoSettledDays(): Promise<{ first: string; second: string }> {
  const paid = await env.pay('DB', { paymentBrand: 'VISA' });
  await env.pay('DB', { amount: '40.00', paymentBrand: 'VISA' });
  expect((await env.post(`/v1/payments/${paid}`, { entityId: env.shop.entityId, paymentType: 'RF', amount: '20.00', currency: 'EUR' })).statusCode).toBe(200);
  const cb = await env.post(`/v1/test/payments/${paid}/chargeback`, { entityId: env.shop.entityId, amount: '10.00', currency: 'EUR', reasonCode: '000.100.220' });
  expect(cb.statusCode, cb.body).toBe(200);
  const first = today();
  await settleDay(env.bo.ctx, env.shop.entityId, first);
  env.bo.clock.advance(DAY_MS);
  await env.pay('DB', { amount: '12.34', paymentBrand: 'MASTER', 'card.number': '5454545454545454' });
  const second = today();
  await settleDay(env.bo.ctx, env.shop.entityId, second);
  env.bo.clock.advance(DAY_MS);
  return { first, second };
}

type Totals = Record<'settled' | 'refunded' | 'fees' | 'chargebacks' | 'chargebackReversals' | 'net', string>;

describe('GET /api/settlement', () => {
  it("gives the range's aggregations, newest day first, and totals per currency equal to the sums of the API's aggregations", async () => {
    const { first, second } = await twoSettledDays();
    const res = await (await signIn('finance')).get(`/api/settlement?from=${first}&to=${second}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.aggregations.map((a: { day: string }) => a.day)).toEqual([second, first]);

    const api = await apiGet(`/reports/v1/reconciliations/aggregations?entityId=${env.shop.entityId}&date.from=${first}&date.to=${second}`);
    expect(api.statusCode, api.body).toBe(200);
    const fromApi = api.json().aggregations as { currency: string; records: number; totals: Totals }[];
    const sum = (field: keyof Totals) => {
      const minor = fromApi.reduce((n, a) => n + (a.totals[field].startsWith('-') ? -parseAmount(a.totals[field].slice(1)) : parseAmount(a.totals[field])), 0);
      return minor < 0 ? `-${(-minor / 100).toFixed(2)}` : (minor / 100).toFixed(2);
    };
    expect(body.totals).toEqual([
      {
        currency: 'EUR',
        days: 2,
        records: fromApi.reduce((n, a) => n + a.records, 0),
        settled: sum('settled'),
        refunded: sum('refunded'),
        fees: sum('fees'),
        chargebacks: sum('chargebacks'),
        chargebackReversals: sum('chargebackReversals'),
        net: sum('net'),
      },
    ]);
    // What those sums are, worked out by hand: 100.00 + 40.00 + 12.34 settled, 20.00 refunded,
    // 10.00 charged back; fees 2.80 and 1.30 on the VISA debits and 0.12 (1%) on the other brand's, none on a refund.
    expect(body.totals[0]).toMatchObject({ settled: '152.34', refunded: '20.00', chargebacks: '10.00', fees: '4.22', net: '118.12' });
  });

  it("shows nothing of a channel the person may not see, and a channel not theirs is not found", async () => {
    await twoSettledDays();
    const other = await env.bo.addEntity(env.shop.merchantId);
    const limited = await signIn('finance', { channelIds: [other] });
    const res = await limited.get('/api/settlement');
    expect(res.json()).toMatchObject({ totals: [], aggregations: [] });
    expect((await limited.get(`/api/settlement?channel=${env.shop.entityId}`)).statusCode).toBe(404);
  });

  it('names each bad bound of the range', async () => {
    const finance = await signIn('finance');
    const bad = await finance.get('/api/settlement?from=2026-02-30&to=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['from', 'to']);
    expect((await finance.get('/api/settlement?from=2026-11-20&to=2026-11-10')).json().error.parameters).toEqual([expect.objectContaining({ name: 'from' })]);
    expect((await finance.get('/api/settlement?from=2024-01-01&to=2026-11-10')).statusCode).toBe(400);
    expect((await finance.get('/api/settlement?from=2026-11-01&from=2026-11-02')).statusCode).toBe(400);
  });
});

describe('GET /api/settlement/:id', () => {
  it("gives an aggregation's records as the API's v2 gives them, each naming its payment", async () => {
    const { first } = await twoSettledDays();
    const finance = await signIn('finance');
    const listed = (await finance.get(`/api/settlement?from=${first}&to=${first}`)).json().aggregations[0];
    const res = await finance.get(`/api/settlement/${listed.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ aggregation: { id: listed.id, day: first, currency: 'EUR' }, page: 1, pages: 1, total: listed.records });

    const api = (await apiGet(`/reports/v2/reconciliations/aggregations/${listed.id}?entityId=${env.shop.entityId}`)).json();
    expect(body.records.map(({ seq: _seq, requestedAt: _at, ...r }: Record<string, unknown>) => r)).toEqual(api.records);
    // Two debits with their fees, the refund, the chargeback (records of one moment come in any order).
    expect(body.records.map((r: { reconciliationType: string }) => r.reconciliationType).sort()).toEqual(['CHARGEBACK', 'FEE', 'FEE', 'SETTLED', 'SETTLED', 'SETTLED']);
    expect(body.records.every((r: { id: string }) => /^[0-9a-f]{32}$/.test(r.id))).toBe(true);
    for (const r of body.records) expect(typeof r.requestedAt).toBe('number');
    // Beyond the last page: an empty page, not an error.
    expect((await finance.get(`/api/settlement/${listed.id}?page=2`)).json()).toMatchObject({ records: [], page: 2, pages: 1 });
  });

  it('is not found for an unknown id, a malformed one, or a channel the person may not see; a bad page is a 400', async () => {
    const { first } = await twoSettledDays();
    const finance = await signIn('finance');
    const id = (await finance.get(`/api/settlement?from=${first}&to=${first}`)).json().aggregations[0].id as string;
    expect((await finance.get(`/api/settlement/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await finance.get(`/api/settlement/${encodeURIComponent("x' or 1=1")}`)).statusCode).toBe(404);
    const other = await env.bo.addEntity(env.shop.merchantId);
    const limited = await signIn('finance', { channelIds: [other] });
    expect((await limited.get(`/api/settlement/${id}`)).statusCode).toBe(404);
    const bad = await finance.get(`/api/settlement/${id}?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.parameters).toEqual([expect.objectContaining({ name: 'page' })]);
  });
});

describe('GET /api/settlement/file.csv', () => {
  it("streams the channel's reconciliation file of the range, the merchant API's file byte for byte", async () => {
    const { first, second } = await twoSettledDays();
    const res = await (await signIn('finance')).get(`/api/settlement/file.csv?channel=${env.shop.entityId}&from=${first}&to=${second}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="reconciliation-${env.shop.entityId}-${first}-${second}.csv"`);
    const api = await apiGet(`/reports/v1/reconciliations/file?entityId=${env.shop.entityId}&date.from=${first}&date.to=${second}`);
    expect(api.statusCode).toBe(200);
    expect(res.body).toBe(api.body);
    // A header and the records of the two days: six on the first, a debit and its fee on the second.
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(1 + 6 + 2);
  });

  it("needs a channel the person may see, and a range no longer than the API's", async () => {
    const finance = await signIn('finance');
    const missing = await finance.get('/api/settlement/file.csv');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.parameters).toEqual([expect.objectContaining({ name: 'channel' })]);
    const other = await env.addShop();
    expect((await finance.get(`/api/settlement/file.csv?channel=${other.entityId}`)).statusCode).toBe(404);
    const long = await finance.get(`/api/settlement/file.csv?channel=${env.shop.entityId}&from=2026-09-01&to=2026-11-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.parameters).toEqual([expect.objectContaining({ name: 'from' })]);
  });
});

describe('GET /api/settlement/fees', () => {
  it("gives the channel's fee table, other brands last; a channel without one has none", async () => {
    const finance = await signIn('finance');
    const res = await finance.get(`/api/settlement/fees?channel=${env.shop.entityId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ channel: env.shop.entityId, fees: [{ brand: 'VISA', percent: '2.50', fixed: '0.30' }, { brand: '*', percent: '1.00', fixed: '0.00' }] });
    const bare = await env.bo.addEntity(env.shop.merchantId);
    expect((await finance.get(`/api/settlement/fees?channel=${bare}`)).json()).toEqual({ channel: bare, fees: [] });
    expect((await finance.get('/api/settlement/fees')).statusCode).toBe(400);
    expect((await (await signIn('finance', { channelIds: [bare] })).get(`/api/settlement/fees?channel=${env.shop.entityId}`)).statusCode).toBe(404);
  });
});

describe('GET /api/settlement/quotes', () => {
  async function quotedPayment(): Promise<{ quoteId: string; paymentId: string }> {
    const quote = await env.post('/v1/quotes', { entityId: env.shop.entityId, currency: 'USD', targetCurrency: 'BRL' });
    expect(quote.statusCode, quote.body).toBe(200);
    const quoteId = quote.json().id as string;
    const paymentId = await env.pay('DB', { amount: '53.50', currency: 'BRL', paymentBrand: 'VISA', quoteId });
    return { quoteId, paymentId };
  }

  it('lists the quotes payments used in the range, newest first, in pages; an unused quote is not one', async () => {
    const older = await quotedPayment();
    env.bo.clock.advance(60_000);
    const newer = await quotedPayment();
    const unused = (await env.post('/v1/quotes', { entityId: env.shop.entityId, currency: 'USD', targetCurrency: 'BRL' })).json().id as string;
    const finance = await signIn('finance');
    const res = await finance.get(`/api/settlement/quotes?from=${today()}&to=${today()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quotes).toEqual([
      expect.objectContaining({ id: newer.quoteId, paymentId: newer.paymentId, sourceCurrency: 'USD', targetCurrency: 'BRL', rate: '5.3500', entityId: env.shop.entityId }),
      expect.objectContaining({ id: older.quoteId, paymentId: older.paymentId }),
    ]);
    expect(res.body).not.toContain(unused);

    const first = (await finance.get(`/api/settlement/quotes?limit=1`)).json();
    expect(first.quotes.map((q: { id: string }) => q.id)).toEqual([newer.quoteId]);
    const second = (await finance.get(`/api/settlement/quotes?limit=1&cursor=${first.next}`)).json();
    expect(second.quotes.map((q: { id: string }) => q.id)).toEqual([older.quoteId]);
    expect(second.next).toBeUndefined();

    // Another day's range has none; another channel's person sees none.
    expect((await finance.get('/api/settlement/quotes?from=2026-01-01&to=2026-01-31')).json().quotes).toEqual([]);
    const other = await env.bo.addEntity(env.shop.merchantId);
    expect((await (await signIn('finance', { channelIds: [other] })).get('/api/settlement/quotes')).json().quotes).toEqual([]);
  });

  it("refuses a cursor it did not give and a page size out of bounds", async () => {
    const finance = await signIn('finance');
    for (const query of ['cursor=bm90LWEtY3Vyc29y', 'cursor=%27%3B', 'limit=0', 'limit=201']) {
      const res = await finance.get(`/api/settlement/quotes?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('invalidParameters');
    }
  });
});
