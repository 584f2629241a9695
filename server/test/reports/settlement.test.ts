// The settlement run on SQLite and PostgreSQL: a day with every record type (debits, captures,
// voucher confirmations, credits, refunds, fees, chargebacks and their reversals, a quoted payment
// settled in USD) sums to its aggregation's totals; payments are marked; a second run, or two at
// once, change nothing; the aggregation routes list, sort, filter and page the records.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSettlement, lastClosedDay } from '../../src/settlement/run.js';
import type { PaymentRecord } from '../../src/domain/records.js';
import type { TestRelay } from '../helper.js';
import { DATABASES, startRelayOn } from './relays.js';
import { paymentRecord, type PaymentRow } from './payment-rows.js';

const FEES = { VISA: { basisPoints: 250, fixed: 30 }, '*': { basisPoints: 100, fixed: 0 } };
const at = (day: number, h: number) => Date.UTC(2026, 10, day, h, 0, 0);

async function insert(relay: TestRelay, rows: PaymentRecord[]): Promise<void> {
  await relay.ctx.store.transaction(async (tx) => {
    for (const p of rows) await tx.payments.insert(p);
  });
}

interface MoneyTotals { settled: string; refunded: string; fees: string; chargebacks: string; chargebackReversals: string; net: string }

describe.each(DATABASES)('settlement on %s', (kind) => {
  let relay: TestRelay;
  let entityId: string;
  const row = (r: Omit<PaymentRow, 'entityId'>) => paymentRecord({ entityId, ...r });
  const get = (url: string) => relay.get(`${url}${url.includes('?') ? '&' : '?'}entityId=${entityId}`);

  // 2026-11-20: one of every type.
  let day: Record<string, PaymentRecord>;

  beforeAll(async () => {
    relay = await startRelayOn(kind, {}, { settlementFees: FEES });
    entityId = relay.merchant.entityId;
    const pa = row({ createdAt: at(20, 1), paymentType: 'PA', amount: 8000 });
    const debit = row({ createdAt: at(20, 2), amount: 10000, merchantTransactionId: 'order-0001', answer: { descriptor: 'Shop; "best" =1+1', card: { last4Digits: '0000', holder: 'Jane Jones' } } });
    const voucher = row({ createdAt: at(20, 2), paymentType: 'PA', paymentBrand: 'BOLETO', amount: 3000 });
    const chargeback = row({ createdAt: at(20, 8), paymentType: 'CB', amount: 1500, referencedId: debit.id, resultCode: '000.100.220', answer: { result: { code: '000.100.220', description: 'Fraudulent transaction' } } });
    day = {
      pa,
      debit,
      voucher,
      capture: row({ createdAt: at(20, 3), paymentType: 'CP', amount: 5000, referencedId: pa.id }),
      confirmation: row({ createdAt: at(20, 4), paymentType: 'RC', paymentBrand: 'BOLETO', amount: 3000, referencedId: voucher.id }),
      credit: row({ createdAt: at(20, 5), paymentType: 'CD', amount: 1000 }),
      refund: row({ createdAt: at(20, 6), paymentType: 'RF', amount: 2000, referencedId: debit.id }),
      duplicate: row({ createdAt: at(20, 7), amount: 700, paymentBrand: 'MASTER', merchantTransactionId: 'order-0001' }),
      chargeback,
      reversal: row({ createdAt: at(20, 9), paymentType: 'CR', amount: 1500, referencedId: chargeback.id }),
      orphan: row({ createdAt: at(20, 10), paymentType: 'CB', amount: 500, referencedId: '0123456789abcdef0123456789abcdef' }),
      declined: row({ createdAt: at(20, 11), status: 'declined', resultCode: '800.100.152' }),
      quoted: row({ createdAt: at(20, 12), amount: 5000, currency: 'BRL', fxQuote: { id: 'f'.repeat(32), rate: '5.0000', sourceCurrency: 'USD' } }),
      nextDay: row({ createdAt: at(21, 0), amount: 999 }),
    };
    await insert(relay, Object.values(day));
  });
  afterAll(async () => relay.close());

  it('settles only closed days: midnight UTC plus the cut-off', () => {
    expect(lastClosedDay(at(22, 1), 2 * 3_600_000)).toBe('2026-11-20');
    expect(lastClosedDay(at(22, 2), 2 * 3_600_000)).toBe('2026-11-21');
  });

  it('settles a day of every record type into aggregations whose totals are the sums of their records', async () => {
    // The job the runner queues periodically does the run (app/job-kinds.ts).
    const round = await relay.ctx.jobs.runDue();
    expect(round.failed + round.retried, JSON.stringify(await relay.ctx.store.jobs.count('settlement'))).toBe(0);
    const list = await get('/reports/v1/reconciliations/aggregations?date.from=2026-11-20&date.to=2026-11-21');
    expect(list.statusCode).toBe(200);
    const aggregations = list.json().aggregations as { id: string; date: string; currency: string; records: number; totals: MoneyTotals }[];
    expect(aggregations.map((a) => [a.date, a.currency])).toEqual([['2026-11-20', 'EUR'], ['2026-11-20', 'USD'], ['2026-11-21', 'EUR']]);

    const eur = aggregations[0]!;
    // Debit 100.00 (fee 2.50 + 0.30), capture 50.00 (1.25 + 0.30), BOLETO confirmation 30.00 ('*': 0.30),
    // MASTER debit 7.00 ('*': 0.07); credit 10.00 and refund 20.00 out; chargebacks 15.00 + 5.00, reversal 15.00.
    expect(eur.totals).toEqual({ settled: '187.00', refunded: '30.00', fees: '4.72', chargebacks: '20.00', chargebackReversals: '15.00', net: '147.28' });
    const detail = (await get(`/reports/v1/reconciliations/aggregations/${eur.id}`)).json();
    const records = detail.records as { reconciliationType: string; paymentType: string; id: string; matchingStatus: string; chargebackId?: string; result?: { code: string }; settlement: { cashflow: string; amount: string; fee?: string; fxRate: string } }[];
    expect(records).toHaveLength(eur.records);
    const cents = (s: string) => Math.round(Number(s) * 100);
    const sum = (type: string, flow: string) => records.filter((r) => r.reconciliationType === type && r.settlement.cashflow === flow).reduce((n, r) => n + cents(r.settlement.amount), 0);
    expect(sum('SETTLED', 'POS')).toBe(cents(eur.totals.settled));
    expect(sum('SETTLED', 'NEG')).toBe(cents(eur.totals.refunded));
    expect(sum('FEE', 'NEG')).toBe(cents(eur.totals.fees));
    expect(sum('CHARGEBACK', 'NEG')).toBe(cents(eur.totals.chargebacks));
    expect(sum('CHARGEBACK REVERSAL', 'POS')).toBe(cents(eur.totals.chargebackReversals));
    const net = records.reduce((n, r) => n + (r.settlement.cashflow === 'POS' ? 1 : -1) * cents(r.settlement.amount), 0);
    expect(net).toBe(cents(eur.totals.net));

    const byId = (id: string) => records.filter((r) => r.id === id);
    expect(byId(day.pa!.id)).toEqual([]);
    expect(byId(day.voucher!.id)).toEqual([]);
    expect(byId(day.declined!.id)).toEqual([]);
    expect(byId(day.debit!.id).map((r) => [r.reconciliationType, r.settlement.cashflow, r.settlement.amount])).toEqual([['SETTLED', 'POS', '100.00'], ['FEE', 'NEG', '2.80']]);
    expect(byId(day.debit!.id)[0]!.matchingStatus).toBe('MULTIPLE_MATCHES');
    expect(byId(day.chargeback!.id)[0]).toMatchObject({ reconciliationType: 'CHARGEBACK', chargebackId: day.chargeback!.id, matchingStatus: 'MATCHED', result: { code: '000.100.220' } });
    expect(byId(day.reversal!.id)[0]).toMatchObject({ reconciliationType: 'CHARGEBACK REVERSAL', chargebackId: day.chargeback!.id, settlement: { cashflow: 'POS' } });
    expect(byId(day.orphan!.id)[0]!.matchingStatus).toBe('NOT_MATCHED');

    // The BRL payment priced with a USD quote settles in USD at its rate: 50.00 BRL at 5.0 is 10.00 USD.
    const usd = aggregations[1]!;
    expect(usd.totals).toMatchObject({ settled: '10.00', fees: '0.55', net: '9.45' });
    const usdRecords = (await get(`/reports/v2/reconciliations/aggregations/${usd.id}`)).json().records;
    expect(usdRecords[0]).toMatchObject({ amount: '50.00', currency: 'BRL', settlement: { amount: '10.00', currency: 'USD', fxRate: '5.0000' } });

    // Each settled payment is marked with its status, date and aggregation.
    const read = (await get(`/v1/query?merchantTransactionId=order-0001`)).json().payments;
    expect(read[0].settlement).toEqual({ status: 'SUCCESS', date: '2026-11-22', aggregationId: eur.id });
  });

  it('changes nothing when the run happens again, or twice at once', async () => {
    expect((await runSettlement(relay.ctx)).settled).toEqual([]);
    const fresh = await relay.addEntity(relay.merchant.merchantId);
    await insert(relay, [paymentRecord({ entityId: fresh, createdAt: at(19, 10) }), paymentRecord({ entityId: fresh, createdAt: at(19, 11) })]);
    const [a, b] = await Promise.all([runSettlement(relay.ctx), runSettlement(relay.ctx)]);
    expect([...a.settled, ...b.settled].filter((s) => s.entityId === fresh)).toHaveLength(1);
    const list = (await relay.get(`/reports/v1/reconciliations/aggregations?entityId=${fresh}&date.from=2026-11-19&date.to=2026-11-19`)).json();
    expect(list.aggregations).toHaveLength(1);
    expect(list.aggregations[0].records).toBe(2);
  });

  it('sorts, filters and pages the records 100 a page', async () => {
    const busy = await relay.addEntity(relay.merchant.merchantId, { settlementFees: FEES });
    await insert(relay, Array.from({ length: 140 }, (_, i) => paymentRecord({ entityId: busy, createdAt: at(18, 0) + i * 1000, amount: 100 + i })));
    await runSettlement(relay.ctx);
    const list = (await relay.get(`/reports/v1/reconciliations/aggregations?entityId=${busy}&date.from=2026-11-18&date.to=2026-11-18&currency=EUR`)).json();
    const id = list.aggregations[0].id;
    const v2 = (q: string) => relay.get(`/reports/v2/reconciliations/aggregations/${id}?entityId=${busy}&${q}`);
    const first = (await v2('pageNo=1')).json();
    expect(first).toMatchObject({ pageNo: 1, pages: 3, total: 280 });
    expect(first.records).toHaveLength(100);
    expect((await v2('pageNo=3')).json().records).toHaveLength(80);
    expect((await v2('pageNo=4')).json().result.code).toBe('700.400.580');
    const fees = (await v2('reconciliationType=FEE&sortValue=Amount&sortOrder=DESC')).json();
    expect(fees).toMatchObject({ pages: 2, total: 140 });
    expect(fees.records.every((r: { reconciliationType: string }) => r.reconciliationType === 'FEE')).toBe(true);
    expect(fees.records[0].amount).toBe('2.39');
    expect((await v2('matchingStatus=NOT_MATCHED')).json().records).toEqual([]);
    // Another entity's aggregation is not found; bad filters are 400 in the API's shape.
    expect((await relay.get(`/reports/v2/reconciliations/aggregations/${id}?entityId=${entityId}`)).json().result.code).toBe('700.400.580');
    const bad = await v2('reconciliationType=SOMETHING');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.parameterErrors[0].name).toBe('reconciliationType');
    expect((await relay.get(`/reports/v1/reconciliations/aggregations?entityId=${busy}&date.from=2026-11-18`)).json().result.parameterErrors[0].name).toBe('date.to');
  });

  // Last: it moves the shared clock a day on.
  it('settles a payment written into a day already settled with the next day it settles', async () => {
    const late = await relay.addEntity(relay.merchant.merchantId);
    await insert(relay, [paymentRecord({ entityId: late, createdAt: at(20, 9), amount: 1000 }), paymentRecord({ entityId: late, createdAt: at(21, 9), amount: 400 })]);
    await runSettlement(relay.ctx);
    // Written after the 20th was settled, dated the 20th: no settled day takes it again...
    const written = paymentRecord({ entityId: late, createdAt: at(20, 23), amount: 2500 });
    await insert(relay, [written]);
    expect((await runSettlement(relay.ctx)).settled.filter((s) => s.entityId === late)).toEqual([]);
    expect((await relay.ctx.store.payments.find(late, written.id))?.settlement).toBeUndefined();
    // ...the next day that closes does, beside its own payments.
    await insert(relay, [paymentRecord({ entityId: late, createdAt: at(22, 10), amount: 700 })]);
    relay.clock.advance(86_400_000);
    const run = (await runSettlement(relay.ctx)).settled.filter((s) => s.entityId === late);
    expect(run.map((s) => s.day)).toEqual(['2026-11-22']);
    const list = (await relay.get(`/reports/v1/reconciliations/aggregations?entityId=${late}&date.from=2026-11-20&date.to=2026-11-22`)).json();
    expect(list.aggregations.map((a: { date: string; records: number; totals: MoneyTotals }) => [a.date, a.records, a.totals.settled])).toEqual([
      ['2026-11-20', 1, '10.00'],
      ['2026-11-21', 1, '4.00'],
      ['2026-11-22', 2, '32.00'],
    ]);
    expect((await relay.ctx.store.payments.find(late, written.id))?.settlement?.status).toBe("SUCCESS");
  });
});
