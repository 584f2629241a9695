// Currency quotes: 24 business hours of the Brazilian calendar, and on SQLite and PostgreSQL a
// quote asked for, read, and used by one BRL payment that carries its rate; refused with its own
// code when unknown, another entity's, in another currency, expired or used already.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarOf } from '../../src/quotes/business-hours.js';
import { convert, convertBack, parseRateTable } from '../../src/quotes/rates.js';
import { defaultReportsConfig } from '../../src/config/reports.js';
import { browserData, testCard, type TestRelay } from '../helper.js';
import { DATABASES, startRelayOn } from './relays.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('24 business hours of the Brazilian calendar', () => {
  const brl = calendarOf('BRL');
  it.each([
    ['a weekday', '2026-11-24T13:00:00.000Z', '2026-11-25T13:00:00.000Z'],
    ['a Friday afternoon: over the weekend', '2026-11-27T18:00:00.000Z', '2026-11-30T18:00:00.000Z'],
    ['a Thursday before Consciência Negra (Friday) and the weekend', '2026-11-19T15:00:00.000Z', '2026-11-23T15:00:00.000Z'],
    ['a Saturday: counted from Monday 00:00 in São Paulo', '2026-11-21T12:00:00.000Z', '2026-11-24T03:00:00.000Z'],
    ['Christmas Eve afternoon (optional holiday, a business day), then Christmas', '2026-12-24T17:00:00.000Z', '2026-12-28T17:00:00.000Z'],
  ])('%s', (_why, from, until) => {
    expect(iso(brl.addBusinessHours(Date.parse(from), 24))).toBe(until);
  });
});

describe('rates', () => {
  it('converts with integer arithmetic, rounding half up', () => {
    expect(convert(1000, '5.1234')).toBe(5123);
    expect(convert(1, '5.5')).toBe(6);
    expect(convertBack(5123, '5.1234')).toBe(1000);
    expect(convertBack(5122, '5.1234')).toBe(1000);
    expect(convertBack(5120, '5.1234')).toBe(999);
    expect(convert(999_999_999, '0.000001')).toBe(1000);
  });
  it('refuses a malformed rate table', () => {
    expect(parseRateTable(defaultReportsConfig.quoteRates).get('USD:BRL')).toBe('5.3500');
    for (const bad of ['USD:BRL=abc', 'USD-BRL=5', 'USD:BRL=0', 'USD:BRL=1e3']) expect(() => parseRateTable(bad), bad).toThrow(/FX_TEST_RATES/);
  });
});

describe.each(DATABASES)('currency quotes on %s', (kind) => {
  let relay: TestRelay;
  const entityId = () => relay.merchant.entityId;
  const quote = (form: Record<string, string> = {}) => relay.post('/v1/quotes', { entityId: entityId(), currency: 'USD', ...form });
  const payBrl = (quoteId: string, extra: Record<string, string> = {}) =>
    relay.post('/v1/payments', { entityId: entityId(), amount: '51.23', currency: 'BRL', paymentType: 'DB', paymentBrand: 'VISA', quoteId, ...testCard(), ...extra });

  beforeAll(async () => {
    relay = await startRelayOn(kind, { reports: { ...defaultReportsConfig, quoteRates: 'USD:BRL=5.1234' } });
  });
  afterAll(async () => relay.close());

  it('quotes USD to BRL for 24 business hours, and a BRL payment carries the quoted rate', async () => {
    // Sunday 2026-11-22 09:00 in São Paulo: valid until Tuesday 00:00 there.
    const res = await quote({ amount: '10.00' });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({ sourceCurrency: 'USD', targetCurrency: 'BRL', rate: '5.1234', amount: '10.00', targetAmount: '51.23', status: 'VALID', validUntil: '2026-11-24 03:00:00+0000', result: { code: '000.000.100' } });
    expect(q.id).toMatch(/^[0-9a-f]{32}$/);

    const paid = await payBrl(q.id, { merchantTransactionId: 'order-quoted' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ amount: '51.23', currency: 'BRL', presentationAmount: '10.00', presentationCurrency: 'USD', fxQuote: { id: q.id, rate: '5.1234' } });
    const stored = await relay.ctx.store.payments.find(entityId(), paid.json().id);
    expect(stored?.fxQuote).toEqual({ id: q.id, rate: '5.1234', sourceCurrency: 'USD' });
    expect((await relay.get(`/v1/query?entityId=${entityId()}&merchantTransactionId=order-quoted`)).json().payments[0].fxQuote.rate).toBe('5.1234');
    expect((await relay.get(`/v1/quotes/${q.id}?entityId=${entityId()}`)).json()).toMatchObject({ status: 'USED', paymentId: paid.json().id });

    // Used up.
    const again = await payBrl(q.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().result).toMatchObject({ code: '700.450.200', parameterErrors: [{ name: 'quoteId' }] });
  });

  it('refuses an unknown quote, another entity’s, one for another currency, and an expired one', async () => {
    expect((await payBrl('0123456789abcdef0123456789abcdef')).json().result.code).toBe('700.100.100');
    const other = await relay.addMerchant();
    const foreign = (await relay.post('/v1/quotes', { entityId: other.entityId, currency: 'USD' }, { token: other.token })).json();
    expect((await payBrl(foreign.id)).json().result.code).toBe('700.100.100');

    const q = (await quote()).json();
    expect((await payBrl(q.id, { currency: 'EUR' })).json().result.code).toBe('700.450.300');
    relay.clock.set(Date.parse('2026-11-24T03:00:00.000Z'));
    const expired = await payBrl(q.id);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().result.code).toBe('700.450.100');
    expect((await relay.get(`/v1/quotes/${q.id}?entityId=${entityId()}`)).json().status).toBe('EXPIRED');
  });

  it('gives the quote back when the payment is declined', async () => {
    const q = (await quote()).json();
    const declined = await payBrl(q.id, { 'card.holder': '800.100.152' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().result.code).toBe('800.100.152');
    expect((await payBrl(q.id)).statusCode).toBe(200);
  });

  it('gives the quote back when a 3-D Secure payment fails its authentication, and keeps it when it succeeds', async () => {
    const challenge = async (quoteId: string, returnCode: string) => {
      const pending = await payBrl(quoteId, { 'card.number': '4711100000000000', shopperResultUrl: 'https://shop.example/result', ...browserData() });
      expect(pending.json().result.code).toBe('000.200.000');
      const form = { method: 'POST' as const, url: `/v1/threeDSecure/${pending.json().id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `returnCode=${returnCode}` };
      expect((await relay.app.inject(form)).statusCode).toBeLessThan(400);
      return pending.json().id as string;
    };
    const q = (await quote()).json();
    const failed = await challenge(q.id, '100.380.401');
    expect((await relay.get(`/v1/payments/${failed}?entityId=${entityId()}`)).json().result.code).toBe('100.380.401');
    expect((await relay.get(`/v1/quotes/${q.id}?entityId=${entityId()}`)).json().status).toBe('VALID');
    const paid = await challenge(q.id, '000.400.110');
    expect((await relay.get(`/v1/quotes/${q.id}?entityId=${entityId()}`)).json()).toMatchObject({ status: 'USED', paymentId: paid });
  });

  it('refuses pairs without a rate and bad input in the API shape', async () => {
    const noRate = await quote({ currency: 'EUR' });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().result.code).toBe('600.200.500');
    const badTarget = await quote({ targetCurrency: 'EUR' });
    expect(badTarget.json().result.parameterErrors[0].name).toBe('targetCurrency');
    const badCurrency = await quote({ currency: 'usd' });
    expect(badCurrency.statusCode).toBe(400);
    expect(badCurrency.json().result.parameterErrors[0].name).toBe('currency');
    expect((await relay.get(`/v1/quotes/0123456789abcdef0123456789abcdef?entityId=${entityId()}`)).statusCode).toBe(404);
  });
});
