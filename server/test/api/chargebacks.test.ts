// Chargebacks through the test simulator: POST /v1/test/payments/{id}/chargeback makes a CB record
// referencing the payment (weeks later, on a moved clock), which refuses refunds and reversals with
// 700.300.600 until /chargeback-reversal reverses it with a CR record; refunds plus open
// chargebacks never exceed the payment, even racing; the merchant API never makes a CB or CR
// (700.400.402); every refusal names its reason; each record reaches the merchant's webhook
// endpoint, and the transaction report and the settlement's reconciliation file list both; live
// refuses the operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { defaultConfig } from '../../src/config/config.js';
import { runSettlement } from '../../src/settlement/run.js';
import { browserData, startTestRelay, testCard, type TestRelay } from '../helper.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

let relay: TestRelay;
let receiver: WebhookReceiver;
beforeAll(async () => {
  relay = await startTestRelay({ webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 2_000 } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await relay.close();
  await receiver.close();
});

const DAY = 86_400_000;
const entityId = () => relay.merchant.entityId;
const debit = async (amount = '100.00', form: Record<string, string> = {}) => {
  const res = await relay.post('/v1/payments', { entityId: entityId(), amount, currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
};
const chargeback = (id: string, amount: string, form: Record<string, string> = {}) =>
  relay.post(`/v1/test/payments/${id}/chargeback`, { entityId: entityId(), amount, currency: 'EUR', reasonCode: '000.100.220', ...form });
const reversal = (id: string, chargebackId: string) => relay.post(`/v1/test/payments/${id}/chargeback-reversal`, { entityId: entityId(), chargebackId });
const followUp = (id: string, form: Record<string, string>) => relay.post(`/v1/payments/${id}`, { entityId: entityId(), currency: 'EUR', ...form });
const codeOf = (res: { json(): unknown }) => (res.json() as { result: { code: string } }).result.code;

describe('chargebacks', () => {
  it('charges back a payment weeks later, refuses its refunds and reversal, and a reversal of the chargeback frees them again', async () => {
    const payment = await debit('100.00', { merchantTransactionId: 'order-77' });
    relay.clock.advance(30 * DAY);

    const cb = await chargeback(payment.id, '30.00');
    expect(cb.statusCode, cb.body).toBe(200);
    const cbBody = cb.json();
    expect(cbBody).toMatchObject({ paymentType: 'CB', amount: '30.00', currency: 'EUR', referencedId: payment.id, merchantTransactionId: 'order-77', result: { code: '000.100.220', description: 'Fraudulent Transaction' } });
    expect((await relay.get(`/v1/payments/${cbBody.id}?entityId=${entityId()}`)).json()).toMatchObject({ paymentType: 'CB', referencedId: payment.id });

    const refund = await followUp(payment.id, { paymentType: 'RF', amount: '1.00' });
    expect([refund.statusCode, codeOf(refund)]).toEqual([400, '700.300.600']);
    expect(refund.json().result.description).toBe('referenced tx can not be refunded or reversed (was chargebacked)');
    expect(codeOf(await followUp(payment.id, { paymentType: 'RV' }))).toBe('700.300.600');

    // A second chargeback within what is left stands; one beyond the payment is refused.
    expect(codeOf(await chargeback(payment.id, '70.01'))).toBe('700.400.400');
    const second = await chargeback(payment.id, '70.00', { reasonCode: '000.100.221' });
    expect(second.statusCode).toBe(200);
    expect(codeOf(await chargeback(payment.id, '0.01'))).toBe('700.400.400');

    // Reversing: each chargeback once; an id that is no chargeback of this payment is refused.
    const cr = await reversal(payment.id, cbBody.id);
    expect(cr.statusCode, cr.body).toBe(200);
    expect(cr.json()).toMatchObject({ paymentType: 'CR', amount: '30.00', referencedId: payment.id, chargebackId: cbBody.id });
    expect(codeOf(await reversal(payment.id, cbBody.id))).toBe('700.400.410');
    expect(codeOf(await reversal(payment.id, payment.id))).toBe('700.400.420');
    const other = await debit('5.00');
    expect(codeOf(await reversal(other.id, second.json().id))).toBe('700.400.420');

    // Still one open chargeback (70.00): refunds stay refused until it is reversed too.
    expect(codeOf(await followUp(payment.id, { paymentType: 'RF', amount: '1.00' }))).toBe('700.300.600');
    expect((await reversal(payment.id, second.json().id)).statusCode).toBe(200);
    expect((await followUp(payment.id, { paymentType: 'RF', amount: '100.00' })).statusCode).toBe(200);
    // Refunded in full: nothing is left to charge back.
    expect(codeOf(await chargeback(payment.id, '0.01'))).toBe('700.400.400');
  });

  it('charges back a PA only within what it captured, and refuses refunds through its captures', async () => {
    const pa = (await relay.post('/v1/payments', { entityId: entityId(), amount: '50.00', currency: 'EUR', paymentType: 'PA', paymentBrand: 'VISA', ...testCard() })).json();
    expect(codeOf(await chargeback(pa.id, '1.00'))).toBe('700.400.400');
    const cp = (await followUp(pa.id, { paymentType: 'CP', amount: '20.00' })).json();
    expect(codeOf(await chargeback(pa.id, '20.01'))).toBe('700.400.400');
    expect((await chargeback(pa.id, '20.00')).statusCode).toBe(200);
    expect(codeOf(await followUp(cp.id, { paymentType: 'RF', amount: '1.00' }))).toBe('700.300.600');
    // A capture itself is not charged back: its PA is.
    expect(codeOf(await chargeback(cp.id, '1.00'))).toBe('700.400.400');
  });

  it('under an Idempotency-Key, a retried chargeback replays its answer and charges back once', async () => {
    const payment = await debit('10.00');
    const send = () => relay.post(`/v1/test/payments/${payment.id}/chargeback`, { entityId: entityId(), amount: '6.00', currency: 'EUR', reasonCode: '000.100.220' }, { headers: { 'idempotency-key': `cb-${payment.id}` } });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await relay.ctx.store.payments.find(entityId(), payment.id))?.chargebackAmount).toBe(600);
  });

  it('is never made through the merchant API', async () => {
    const payment = await debit('10.00');
    for (const paymentType of ['CB', 'CR']) {
      const res = await followUp(payment.id, { paymentType, amount: '1.00' });
      expect([res.statusCode, codeOf(res)]).toEqual([400, '700.400.402']);
      expect(res.json().result.description).toBe('chargeback can only be generated internally by the payment system');
      const direct = await relay.post('/v1/payments', { entityId: entityId(), amount: '1.00', currency: 'EUR', paymentType, paymentBrand: 'VISA', ...testCard() });
      expect([direct.statusCode, codeOf(direct)]).toEqual([400, '700.400.402']);
    }
  });

  it('names the reason of every refusal and writes nothing', async () => {
    const payment = await debit('10.00');
    const cases: [Record<string, string>, string | undefined, string][] = [
      [{ reasonCode: '100.100.100' }, 'reasonCode', '200.300.404'],
      [{ reasonCode: '000.100.298' }, 'reasonCode', '200.300.404'],
      [{ amount: '1,00' }, 'amount', '200.300.404'],
      [{ amount: '0.00' }, undefined, '700.400.400'],
      [{ currency: 'USD' }, undefined, '700.100.500'],
    ];
    for (const [form, name, code] of cases) {
      const res = await chargeback(payment.id, '1.00', form);
      expect(res.statusCode, res.body).toBe(400);
      expect(codeOf(res)).toBe(code);
      if (name) expect((res.json() as { result: { parameterErrors: { name: string }[] } }).result.parameterErrors.map((e) => e.name)).toContain(name);
    }
    const missing = await relay.post(`/v1/test/payments/${payment.id}/chargeback`, { entityId: entityId(), amount: '1.00', currency: 'EUR' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().result.parameterErrors.map((e: { name: string }) => e.name)).toEqual(['reasonCode']);
    expect((await chargeback('0123456789abcdef0123456789abcdef', '1.00')).statusCode).toBe(404);
    const badReversal = await relay.post(`/v1/test/payments/${payment.id}/chargeback-reversal`, { entityId: entityId(), chargebackId: 'x' });
    expect(badReversal.json().result.parameterErrors.map((e: { name: string }) => e.name)).toEqual(['chargebackId']);
    // A declined payment, a pending one and a reversed one are not charged back.
    const declined = (await relay.post('/v1/payments', { entityId: entityId(), amount: '1.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard('4200000000000000', { 'card.holder': '800.100.152' }) })).json();
    expect(codeOf(await chargeback(declined.id, '1.00'))).toBe('700.400.400');
    const pending = (await relay.post('/v1/payments', { entityId: entityId(), amount: '1.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard('4711100000000000'), ...browserData() })).json();
    expect(codeOf(await chargeback(pending.id, '1.00'))).toBe('700.400.570');
    const reversed = await debit('3.00');
    expect((await followUp(reversed.id, { paymentType: 'RV' })).statusCode).toBe(200);
    expect(codeOf(await chargeback(reversed.id, '1.00'))).toBe('700.400.400');
    // Nothing of the refusals was written: the whole 10.00 can still be charged back.
    expect((await chargeback(payment.id, '10.00')).statusCode).toBe(200);
  });

  it('keeps refunds plus open chargebacks within the payment when they race', async () => {
    for (let round = 0; round < 4; round++) {
      const payment = await debit('100.00');
      const calls = Array.from({ length: 8 }, (_, i) => (i % 2 === round % 2 ? chargeback(payment.id, '30.00') : followUp(payment.id, { paymentType: 'RF', amount: '30.00' })));
      const results = await Promise.all(calls);
      for (const r of results) expect([200, 400]).toContain(r.statusCode);
      const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json() as { paymentType: string });
      const refunds = ok.filter((b) => b.paymentType === 'RF').length;
      const chargebacks = ok.filter((b) => b.paymentType === 'CB').length;
      expect((refunds + chargebacks) * 30).toBeLessThanOrEqual(100);
      // Once a chargeback stood, no refund came after it; every refusal says why.
      for (const r of results.filter((x) => x.statusCode === 400)) expect(['700.300.600', '700.400.200', '700.400.400']).toContain(codeOf(r));
      const row = await relay.ctx.store.payments.find(entityId(), payment.id);
      expect([row?.refundedAmount, row?.chargebackAmount]).toEqual([refunds * 3000, chargebacks * 3000]);
    }
  });

  it('tells the merchant of each chargeback and reversal by webhook, and lists them in the reconciliation file', async () => {
    const fresh = await relay.addMerchant({ settlementFees: { '*': { basisPoints: 0, fixed: 0 } } });
    const as = { token: fresh.token };
    const endpoint = await relay.post('/v1/webhooks', { entityId: fresh.entityId, url: receiver.url, eventTypes: 'PAYMENT' }, as);
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    receiver.secrets.push(endpoint.json().secret as string);
    const payment = (await relay.post('/v1/payments', { entityId: fresh.entityId, amount: '40.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() }, as)).json();
    const cb = (await relay.post(`/v1/test/payments/${payment.id}/chargeback`, { entityId: fresh.entityId, amount: '40.00', currency: 'EUR', reasonCode: '000.100.201' }, as)).json();
    const cr = (await relay.post(`/v1/test/payments/${payment.id}/chargeback-reversal`, { entityId: fresh.entityId, chargebackId: cb.id }, as)).json();
    for (let round = 0; round < 20 && receiver.notifications().length < 4; round++) {
      await relay.ctx.jobs.runDue();
      relay.clock.advance(1_000);
    }
    const payloads = receiver.notifications().filter((n) => n.type === 'PAYMENT').map((n) => n.payload);
    expect(payloads.find((p) => p.id === cb.id)).toMatchObject({ paymentType: 'CB', referencedId: payment.id, presentationAmount: '40.00', result: { code: '000.100.201' } });
    expect(payloads.find((p) => p.id === cr.id)).toMatchObject({ paymentType: 'CR', referencedId: payment.id, chargebackId: cb.id });

    // The transaction report lists both with the payment's linked transactions, and by type.
    const day0 = new Date(relay.clock.now()).toISOString().slice(0, 10);
    relay.clock.advance(relay.ctx.config.reports.visibilityDelayMs + 1);
    const report = (await relay.get(`/v1/query?entityId=${fresh.entityId}&date.from=${day0}&date.to=${day0}&paymentTypes=DB&includeLinkedTransactions=true`, as)).json();
    // Made in the same millisecond of the test clock: in id order, so compared as a set.
    expect(report.payments[0].linkedTransactions.map((p: { id: string; paymentType: string }) => [p.id, p.paymentType]).sort()).toEqual([[cb.id, 'CB'], [cr.id, 'CR']].sort());
    const onlyChargebacks = (await relay.get(`/v1/query?entityId=${fresh.entityId}&date.from=${day0}&date.to=${day0}&paymentTypes=CB`, as)).json();
    expect(onlyChargebacks.payments.map((p: { id: string; result: { code: string } }) => [p.id, p.result.code])).toEqual([[cb.id, '000.100.201']]);

    // The day closes; the settlement run writes the file with the chargeback and its reversal.
    const day = new Date(relay.clock.now()).toISOString().slice(0, 10);
    relay.clock.advance(2 * DAY);
    await runSettlement(relay.ctx);
    const file = await relay.get(`/reports/v1/reconciliations/file?entityId=${fresh.entityId}&date.from=${day}&date.to=${day}`, as);
    expect(file.statusCode, file.body).toBe(200);
    const rows = parse(file.body, { delimiter: ';', columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(rows.find((r) => r.UniqueID === cb.id)).toMatchObject({ ReconciliationType: 'CHARGEBACK', PaymentType: 'CB', Cashflow: 'NEG', ReasonCode: '000.100.201', ReasonDesc: 'Account or Bank Details Incorrect', ChargebackId: cb.id, MatchedTransactions: payment.id });
    expect(rows.find((r) => r.UniqueID === cr.id)).toMatchObject({ ReconciliationType: 'CHARGEBACK REVERSAL', PaymentType: 'CR', Cashflow: 'POS', ChargebackId: cb.id });
  });
});

describe('chargebacks in the live environment', () => {
  it('are refused as the test clock is', async () => {
    const live = await startTestRelay({ environment: 'live' });
    try {
      const res = await live.post('/v1/test/payments/0123456789abcdef0123456789abcdef/chargeback', { entityId: live.merchant.entityId, amount: '1.00', currency: 'EUR', reasonCode: '000.100.220' });
      expect([res.statusCode, codeOf(res)]).toEqual([403, '700.500.003']);
      const rev = await live.post('/v1/test/payments/0123456789abcdef0123456789abcdef/chargeback-reversal', { entityId: live.merchant.entityId, chargebackId: '0123456789abcdef0123456789abcdef' });
      expect([rev.statusCode, codeOf(rev)]).toEqual([403, '700.500.003']);
    } finally {
      await live.close();
    }
  });
});
