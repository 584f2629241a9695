// The home page's figures equal the merchant API's reports for the same range: payments made
// through the merchant API over two days (successes in two currencies, declines of two result code
// groups, a capture, a refund, a chargeback and its reversal), then GET /api/home beside
// GET /v1/query for today and for the last 30 days, each added up here from the report's own
// records, page by page, in the API's terms (paymentType, currency, amount, result.code).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESULT_GROUPS, resultGroup } from '../../../spec/result-codes.js';
import { formatAmount, parseAmount } from '../../src/domain/money.js';
import { testCard } from '../helper.js';
import { startPaymentsBackoffice, type PaymentsBackoffice } from './payments-fixture.js';

let env: PaymentsBackoffice;

beforeEach(async () => {
  env = await startPaymentsBackoffice();
});

afterEach(async () => {
  await env.close();
});

const DAY = 86_400_000;

/** A payment through the merchant API; its id, whatever it answered (a decline answers 400). */
async function pay(paymentType: 'DB' | 'PA', amount: string, currency: string, holder = 'Jane Jones'): Promise<string> {
  const res = await env.post('/v1/payments', { entityId: env.shop.entityId, amount, currency, paymentType, ...testCard(undefined, { 'card.holder': holder }) });
  expect([200, 400]).toContain(res.statusCode);
  return res.json().id as string;
}

async function followUp(id: string, form: Record<string, string>): Promise<string> {
  const res = await env.post(`/v1/payments/${id}`, { entityId: env.shop.entityId, ...form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

interface ReportedPayment {
  paymentType: string;
  amount: string;
  currency: string;
  result: { code: string };
}

/** Every payment of a report's range, all pages. */
async function reported(from: string, to: string): Promise<ReportedPayment[]> {
  const all: ReportedPayment[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const res = await env.api.inject({
      method: 'GET',
      url: `/v1/query?entityId=${env.shop.entityId}&date.from=${from}&date.to=${to}&limit=100&pageNo=${pageNo}`,
      headers: { authorization: `Bearer ${env.shop.token}` },
    });
    if (res.statusCode === 400 && res.json().result.code === '700.400.580') return all;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { payments: ReportedPayment[]; pages: number };
    all.push(...body.payments);
    if (pageNo >= body.pages) return all;
  }
}

type Totals = { currency: string; count: number; amount: string }[];

/** The report's records added up as the home page's docs define its figures. */
function fromReport(payments: readonly ReportedPayment[]) {
  const sums = new Map<string, Map<string, { count: number; minor: number }>>();
  const add = (kind: string, p: ReportedPayment) => {
    const byCurrency = sums.get(kind) ?? new Map<string, { count: number; minor: number }>();
    const t = byCurrency.get(p.currency) ?? { count: 0, minor: 0 };
    byCurrency.set(p.currency, { count: t.count + 1, minor: t.minor + parseAmount(p.amount) });
    sums.set(kind, byCurrency);
  };
  const totals = (kind: string): Totals =>
    [...(sums.get(kind) ?? new Map<string, { count: number; minor: number }>())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => ({ currency, count: t.count, amount: formatAmount(t.minor) }));
  const counts = { succeeded: 0, declined: 0, pending: 0 };
  const declines = new Map<string, number>();
  for (const p of payments) {
    const group = RESULT_GROUPS.find((g) => g.name === resultGroup(p.result.code));
    if (p.paymentType === 'DB' || p.paymentType === 'PA') {
      if (group?.outcome === 'success') {
        counts.succeeded++;
        add('volume', p);
      } else if (group?.outcome === 'pending') counts.pending++;
      else {
        counts.declined++;
        declines.set(group?.name ?? 'other', (declines.get(group?.name ?? 'other') ?? 0) + 1);
      }
    } else if (p.paymentType === 'RF') add('refunds', p);
    else if (p.paymentType === 'CB') add('chargebacks', p);
    else if (p.paymentType === 'CR') add('chargebackReversals', p);
  }
  return {
    payments: counts,
    successRate: Math.round((counts.succeeded / (counts.succeeded + counts.declined)) * 10_000) / 10_000,
    volume: totals('volume'),
    declines: Object.fromEntries(declines),
    refunds: totals('refunds'),
    chargebacks: totals('chargebacks'),
    chargebackReversals: totals('chargebackReversals'),
  };
}

/** The same figures of the home page's answer, in the same shape. */
function fromHome(f: { payments: unknown; successRate: unknown; volume: unknown; declines: { group: string; count: number }[]; refunds: unknown; chargebacks: unknown; chargebackReversals: unknown }) {
  const { payments, successRate, volume, refunds, chargebacks, chargebackReversals } = f;
  return { payments, successRate, volume, declines: Object.fromEntries(f.declines.map((d) => [d.group, d.count])), refunds, chargebacks, chargebackReversals };
}

describe('GET /api/home', () => {
  it('adds up today and the last 30 days as the merchant API reports them', async () => {
    // Yesterday: a success, a decline, and a payment charged back today.
    const yesterday = env.bo.clock.now();
    await pay('DB', '12.00', 'EUR');
    await pay('DB', '5.00', 'EUR', '800.100.151');
    const disputed = await pay('DB', '40.00', 'EUR');
    env.bo.clock.advance(DAY);

    // Today: successes in two currencies, declines of two groups, a capture, a refund, a chargeback and a reversal.
    const db = await pay('DB', '100.00', 'EUR');
    await pay('DB', '19.99', 'USD');
    const pa = await pay('PA', '60.00', 'EUR');
    await pay('DB', '7.00', 'EUR', '800.100.151');
    await pay('PA', '8.00', 'USD', '800.300.101');
    await followUp(pa, { paymentType: 'CP', amount: '60.00', currency: 'EUR' });
    await followUp(db, { paymentType: 'RF', amount: '25.50', currency: 'EUR' });
    const cb = await env.post(`/v1/test/payments/${disputed}/chargeback`, { entityId: env.shop.entityId, amount: '40.00', currency: 'EUR', reasonCode: '000.100.220' });
    expect(cb.statusCode, cb.body).toBe(200);
    const cr = await env.post(`/v1/test/payments/${disputed}/chargeback-reversal`, { entityId: env.shop.entityId, chargebackId: cb.json().id });
    expect(cr.statusCode, cr.body).toBe(200);
    await env.post(`/v1/test/payments/${disputed}/chargeback`, { entityId: env.shop.entityId, amount: '10.00', currency: 'EUR', reasonCode: '000.100.221' });
    // Reports show a payment once the visibility delay has passed.
    env.bo.clock.advance(env.bo.ctx.config.reports.visibilityDelayMs);

    const owner = await env.bo.signIn('owner', { merchantId: env.shop.merchantId });
    const res = await owner.get('/api/home');
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json();
    const today = new Date(env.bo.clock.now()).toISOString().slice(0, 10);
    const first = new Date(env.bo.clock.now() - 29 * DAY).toISOString().slice(0, 10);
    expect([home.today.firstDay, home.today.lastDay, home.last30Days.firstDay, home.last30Days.lastDay]).toEqual([today, today, first, today]);

    const reportedToday = fromReport(await reported(today, today));
    const reportedMonth = fromReport(await reported(first, today));
    expect(fromHome(home.today)).toEqual(reportedToday);
    expect(fromHome(home.last30Days)).toEqual(reportedMonth);

    // What those are, so that an empty report could not pass the comparison.
    expect(reportedToday.payments).toEqual({ succeeded: 3, declined: 2, pending: 0 });
    expect(reportedToday.volume).toEqual([
      { currency: 'EUR', count: 2, amount: '160.00' },
      { currency: 'USD', count: 1, amount: '19.99' },
    ]);
    expect(reportedToday.declines).toEqual({ rejectedBank: 1, blacklist: 1 });
    expect(reportedToday.refunds).toEqual([{ currency: 'EUR', count: 1, amount: '25.50' }]);
    expect(reportedToday.chargebacks).toEqual([{ currency: 'EUR', count: 2, amount: '50.00' }]);
    expect(reportedToday.chargebackReversals).toEqual([{ currency: 'EUR', count: 1, amount: '40.00' }]);
    expect(reportedMonth.payments).toEqual({ succeeded: 5, declined: 3, pending: 0 });
    expect(home.today.successRate).toBe(0.6);

    // The chart's series: 30 days, yesterday's and today's counts where they belong.
    expect(home.series).toHaveLength(30);
    expect(home.series[28]).toEqual({ day: new Date(yesterday).toISOString().slice(0, 10), succeeded: 2, declined: 1, volume: [{ currency: 'EUR', count: 2, amount: '52.00' }] });
    expect(home.series[29]).toMatchObject({ day: today, succeeded: 3, declined: 2 });
    expect(home.series.slice(0, 28).every((d: { succeeded: number; declined: number }) => d.succeeded === 0 && d.declined === 0)).toBe(true);
  });
});
