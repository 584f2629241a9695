// Linked transactions in transaction reports (GET /v1/query with includeLinkedTransactions=true), on
// SQLite and PostgreSQL, through the API: a payment lists its follow-ups (and theirs), oldest first,
// wherever they are themselves: on the same page, on another page, or outside the date range.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCard, type TestRelay } from '../helper.js';
import { DATABASES, startRelayOn } from './relays.js';

interface Reported { id: string; paymentType: string; referencedId?: string; timestamp: string; linkedTransactions?: Reported[] }

describe.each(DATABASES)('linked transactions on %s', (kind) => {
  let relay: TestRelay;
  const made: Record<string, string> = {};
  const entityId = () => relay.merchant.entityId;

  const post = async (url: string, form: Record<string, string>): Promise<string> => {
    const res = await relay.post(url, { entityId: entityId(), currency: 'EUR', ...form });
    expect(res.statusCode, res.body).toBe(200);
    relay.clock.advance(1000);
    return res.json<{ id: string }>().id;
  };
  const report = async (q: string): Promise<Reported[]> => {
    const res = await relay.get(`/v1/query?entityId=${entityId()}&includeLinkedTransactions=true&${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ payments: Reported[] }>().payments;
  };
  const day = 'date.from=2026-11-22&date.to=2026-11-22';
  const linkedIds = (payments: Reported[]) => Object.fromEntries(payments.map((p) => [p.id, (p.linkedTransactions ?? []).map((l) => l.id)]));

  beforeAll(async () => {
    relay = await startRelayOn(kind);
    // 2026-11-22 from 12:00:00 UTC, a second apart: a preauthorization captured and the capture
    // refunded; a debit refunded that day and again the next.
    made.pa = await post('/v1/payments', { amount: '20.00', paymentType: 'PA', paymentBrand: 'VISA', ...testCard() });
    made.debit = await post('/v1/payments', { amount: '10.00', paymentType: 'DB', paymentBrand: 'VISA', merchantTransactionId: 'order-linked', ...testCard() });
    made.capture = await post(`/v1/payments/${made.pa}`, { amount: '20.00', paymentType: 'CP' });
    made.refund = await post(`/v1/payments/${made.debit}`, { amount: '4.00', paymentType: 'RF' });
    made.captureRefund = await post(`/v1/payments/${made.capture}`, { amount: '5.00', paymentType: 'RF' });
    relay.clock.set(Date.UTC(2026, 10, 23, 10, 0, 0));
    made.lateRefund = await post(`/v1/payments/${made.debit}`, { amount: '1.00', paymentType: 'RF' });
    relay.clock.advance(relay.ctx.config.reports.visibilityDelayMs);
  });
  afterAll(async () => relay.close());

  it('lists follow-ups that are on the same page under their payment, and on their own line too', async () => {
    const payments = await report(day);
    expect(payments.map((p) => p.id)).toEqual([made.pa, made.debit, made.capture, made.refund, made.captureRefund]);
    expect(linkedIds(payments)).toEqual({
      [made.pa!]: [made.capture, made.captureRefund],
      [made.debit!]: [made.refund, made.lateRefund],
      [made.capture!]: [made.captureRefund],
      [made.refund!]: [],
      [made.captureRefund!]: [],
    });
    // Each linked transaction is the follow-up as reported on its own: its answer and its timestamp.
    const capture = payments.find((p) => p.id === made.capture)!;
    const { linkedTransactions: _own, ...asReported } = capture;
    expect(payments[0]!.linkedTransactions![0]).toEqual(asReported);
    expect(payments[0]!.linkedTransactions![1]).toMatchObject({ paymentType: 'RF', referencedId: made.capture, timestamp: '2026-11-22 12:00:04+0000' });
  });

  it('lists follow-ups across a page boundary', async () => {
    const first = await report(`${day}&limit=2&pageNo=1`);
    expect(linkedIds(first)).toEqual({ [made.pa!]: [made.capture, made.captureRefund], [made.debit!]: [made.refund, made.lateRefund] });
    const second = await report(`${day}&limit=2&pageNo=2`);
    expect(linkedIds(second)).toEqual({ [made.capture!]: [made.captureRefund], [made.refund!]: [] });
  });

  it('lists a follow-up made outside the range, and those of a reference whose follow-ups share it', async () => {
    const debits = await report(`${day}&paymentTypes=DB`);
    expect(debits[0]!.linkedTransactions!.map((l) => [l.id, l.timestamp])).toEqual([
      [made.refund, '2026-11-22 12:00:03+0000'],
      [made.lateRefund, '2026-11-23 10:00:00+0000'],
    ]);
    const byReference = await report('merchantTransactionId=order-linked');
    expect(byReference.map((p) => p.id)).toEqual([made.debit, made.refund, made.lateRefund]);
    expect(linkedIds(byReference)[made.debit!]).toEqual([made.refund, made.lateRefund]);
  });
});
