// Voucher slips through the API, on a real SQLite file with the injected clock: the spec's own
// requests, the slip's codes, its confirmation and expiry on a moved clock and by the test-only
// operations, refusals with their codes, and a confirmation racing a refund.

import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';
import { listeningReceiver } from '../support/webhook-receiver.js';
import { barCodeOfLine, dueDateFactor, validBarCode } from '../../src/vouchers/boleto-code.js';

/** The spec's BOLETO request ("Voucher methods"), every field it lists. */
function boletoRequest(entityId: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    entityId,
    amount: '92.00',
    currency: 'BRL',
    paymentBrand: 'BOLETO',
    paymentType: 'PA',
    'billing.street1': 'Avenida Paulista 1000',
    'billing.city': 'Sao Paulo',
    'billing.state': 'SP',
    'billing.postcode': '01310100',
    'billing.country': 'BR',
    'customer.givenName': 'Maria',
    'customer.surname': 'Souza',
    'customer.ip': '192.0.2.10',
    'customer.email': 'maria@example.com',
    'customer.identificationDocType': 'TAXSTATEMENT',
    'customer.identificationDocId': '52998224725',
    merchantTransactionId: 'order-000123',
    shopperResultUrl: 'https://shop.example/result',
    testMode: 'EXTERNAL',
    ...extra,
  };
}

const oxxoRequest = (entityId: string): Record<string, string> => ({ entityId, amount: '150.00', paymentType: 'PA', currency: 'MXN', merchantTransactionId: 'order-oxxo-1', paymentBrand: 'OXXO', 'billing.country': 'MX', shopperResultUrl: 'https://shop.example/result', testMode: 'EXTERNAL' });
const balotoRequest = (entityId: string): Record<string, string> => ({ entityId, amount: '50000.00', paymentType: 'PA', currency: 'COP', merchantTransactionId: 'order-baloto-1', paymentBrand: 'BALOTO', 'billing.country': 'CO', shopperResultUrl: 'https://shop.example/result', testMode: 'EXTERNAL' });

interface Body {
  id: string;
  paymentType: string;
  referencedId?: string;
  result: { code: string; description: string; parameterErrors?: { name: string; message: string }[] };
  resultDetails?: Record<string, string>;
  redirect?: { url: string; method: string; parameters: unknown[] };
  billing?: Record<string, string>;
}

let relay: TestRelay;
beforeEach(async () => {
  // The relay's clock starts on Sunday 2026-11-22 12:00 UTC (09:00 in Brasília).
  relay = await startTestRelay();
});
afterEach(async () => {
  await relay.close();
});

async function issue(form: Record<string, string>): Promise<Body> {
  const res = await relay.post('/v1/payments', form);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Body>();
}

function parameterNames(body: Body): string[] {
  return (body.result.parameterErrors ?? []).map((e) => e.name);
}

describe('issuing slips', () => {
  it("answers the spec's BOLETO request pending with a bar code and digitable line that pass the FEBRABAN checks", async () => {
    const body = await issue(boletoRequest(relay.merchant.entityId));
    expect(body.paymentType).toBe('PA');
    expect(body.result.code).toBe('000.100.112');
    const code = body.resultDetails?.BarCodeNumber ?? '';
    const line = body.resultDetails?.DigitableLine ?? '';
    expect(code).toMatch(/^\d{44}$/);
    expect(line).toMatch(/^\d{47}$/);
    expect(validBarCode(code)).toBe(true);
    expect(barCodeOfLine(line)).toBe(code);
    // Amount in centavos at 10-19; the due date (three business days: Wed 2026-11-25) as its factor.
    expect(code.slice(9, 19)).toBe('0000009200');
    expect(body.resultDetails?.DueDate).toBe('2026-11-25');
    expect(Number(code.slice(5, 9))).toBe(dueDateFactor('2026-11-25'));
    expect(body.redirect).toEqual({ url: `http://relay.test/v1/vouchers/${body.id}`, method: 'GET', parameters: [] });
    // The slip page: no token needed (the id is unguessable), scripts and styles of the relay only.
    const page = await relay.app.inject({ method: 'GET', url: `/v1/vouchers/${body.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(`data-digits="${code}"`);
    expect(page.body).toContain('Pay by 25/11/2026');
    const missing = await relay.app.inject({ method: 'GET', url: '/v1/vouchers/8a82944a4cc25ebf014cc2c782423202' });
    expect(missing.statusCode).toBe(404);
    const read = await relay.get(`/v1/payments/${body.id}?entityId=${relay.merchant.entityId}`);
    expect(read.json<Body>().result.code).toBe('000.100.112');
  });

  it("answers the spec's OXXO and BALOTO requests with a payment reference", async () => {
    for (const form of [oxxoRequest(relay.merchant.entityId), balotoRequest(relay.merchant.entityId)]) {
      const body = await issue(form);
      expect(body.result.code).toBe('000.100.112');
      expect(body.resultDetails?.ConnectorTxID2).toMatch(/^\d{14}$/);
      expect(body.resultDetails?.BarCodeNumber).toBeUndefined();
      expect(body.redirect?.method).toBe('GET');
    }
  });

  it('takes the due date from customParameters[CUSTOM_due_date] and encodes it', async () => {
    const body = await issue(boletoRequest(relay.merchant.entityId, { 'customParameters[CUSTOM_due_date]': '04122026' }));
    expect(body.resultDetails?.DueDate).toBe('2026-12-04');
    expect(Number(body.resultDetails?.BarCodeNumber?.slice(5, 9))).toBe(dueDateFactor('2026-12-04'));
  });

  it('refuses bad input with 400 naming each parameter, and writes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'customer.identificationDocId': '52998224724' }, 'customer.identificationDocId'],
      [{ 'customer.identificationDocId': '11111111111' }, 'customer.identificationDocId'],
      [{ 'customer.identificationDocType': 'PASSPORT' }, 'customer.identificationDocType'],
      [{ currency: 'USD' }, 'currency'],
      [{ 'billing.country': 'AR' }, 'billing.country'],
      [{ 'billing.postcode': '01310-100' }, 'billing.postcode'],
      [{ 'customParameters[CUSTOM_due_date]': '31022027' }, 'customParameters[CUSTOM_due_date]'],
      [{ 'customParameters[CUSTOM_due_date]': '01012020' }, 'customParameters[CUSTOM_due_date]'],
      [{ paymentType: 'DB' }, 'paymentType'],
      [{ 'customer.givenName': '' }, 'customer.givenName'],
      [{ createRegistration: 'true' }, 'createRegistration'],
      [{ amount: '9999999999.99' }, 'amount'],
    ];
    for (const [change, name] of cases) {
      const res = await relay.post('/v1/payments', boletoRequest(relay.merchant.entityId, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(parameterNames(res.json<Body>()), JSON.stringify(change)).toContain(name);
    }
    const oxxo = await relay.post('/v1/payments', { ...oxxoRequest(relay.merchant.entityId), currency: 'BRL' });
    expect(oxxo.statusCode).toBe(400);
    expect(parameterNames(oxxo.json<Body>())).toContain('currency');
    expect(await relay.ctx.store.payments.pendingBefore('slip', Number.MAX_SAFE_INTEGER, 10, relay.merchant.entityId)).toEqual([]);
  });

  it("accepts an external gateway's field names and its <service>_boleto brand", async () => {
    const form = boletoRequest(relay.merchant.entityId, { paymentBrand: 'acme_boleto' });
    for (const name of ['billing.street1', 'billing.city', 'billing.state', 'billing.postcode', 'billing.country', 'customer.identificationDocType', 'customer.identificationDocId']) delete form[name];
    Object.assign(form, {
      'billingAddress.street': 'Avenida Paulista',
      'billingAddress.houseNumberOrName': '1000',
      'billingAddress.city': 'Sao Paulo',
      'billingAddress.stateOrProvince': 'SP',
      'billingAddress.postalCode': '01310-100',
      'billingAddress.country': 'BR',
      'shopper.socialSecurityNumber': '11444777000161',
    });
    const body = await issue(form);
    expect(body.billing).toMatchObject({ street1: 'Avenida Paulista, 1000', city: 'Sao Paulo', state: 'SP', postcode: '01310100', country: 'BR' });
    expect(body.resultDetails?.BarCodeNumber).toMatch(/^\d{44}$/);
    const clash = await relay.post('/v1/payments', { ...form, 'billing.country': 'BR', 'billingAddress.country': 'PT' });
    expect(clash.statusCode).toBe(400);
    expect(parameterNames(clash.json<Body>())).toContain('billingAddress.country');
  });

  it('checks the slip country rules when a checkout is prepared', async () => {
    const base = { entityId: relay.merchant.entityId, amount: '10.00', paymentType: 'PA', paymentBrand: 'BOLETO', 'customer.givenName': 'Maria', 'customer.surname': 'Souza' };
    const wrong = await relay.post('/v1/checkouts', { ...base, currency: 'USD', 'billing.country': 'US', 'customer.identificationDocType': 'TAXSTATEMENT', 'customer.identificationDocId': '12345678901' });
    expect(wrong.statusCode).toBe(400);
    expect(parameterNames(wrong.json<Body>()).sort()).toEqual(['billing.country', 'currency', 'customer.identificationDocId']);
    const right = await relay.post('/v1/checkouts', { ...base, currency: 'BRL' });
    expect(right.statusCode, right.body).toBe(200);
    // A change of the checkout is held to the same rules.
    const changed = await relay.post(`/v1/checkouts/${right.json<Body>().id}`, { entityId: relay.merchant.entityId, currency: 'MXN' });
    expect(changed.statusCode).toBe(400);
    expect(parameterNames(changed.json<Body>())).toEqual(['currency']);
    // An entity of Mexico prepares no BRL checkout, whatever the brand.
    const mexico = await relay.addMerchant({ country: 'MX' });
    const brl = await relay.post('/v1/checkouts', { entityId: mexico.entityId, amount: '10.00', currency: 'BRL', paymentType: 'DB' }, { token: mexico.token });
    expect(brl.statusCode).toBe(400);
    expect(parameterNames(brl.json<Body>())).toEqual(['currency']);
  });
});

describe('confirmation and expiry', () => {
  it('confirms a BOLETO two business days after issue on a moved test clock: one RC, its webhook, the PA out of pending', async () => {
    const receiver = await listeningReceiver(relay.post, relay.merchant.entityId);
    onTestFinished(() => receiver.close());
    const slip = await issue(boletoRequest(relay.merchant.entityId));
    // Issued Sunday: Monday and Tuesday are the two business days; the bank's file comes at 10:00 in Brasília.
    const early = await relay.post('/v1/test/clock', { entityId: relay.merchant.entityId, time: '2026-11-24 12:59:59' });
    expect(early.json<{ ran: Record<string, number> }>().ran.voucherSlips).toBe(0);
    const due = await relay.post('/v1/test/clock', { entityId: relay.merchant.entityId, time: '2026-11-24 13:00:00' });
    expect(due.json<{ ran: Record<string, number> }>().ran.voucherSlips).toBe(1);
    const rcs = await relay.ctx.store.payments.referencing(slip.id, 'RC');
    expect(rcs).toHaveLength(1);
    const rc = rcs[0];
    expect(rc).toMatchObject({ paymentType: 'RC', referencedId: slip.id, status: 'success', resultCode: '000.000.000', amount: 9200, createdAt: Date.UTC(2026, 10, 24, 13) });
    const pa = await relay.ctx.store.payments.findById(slip.id);
    expect(pa).toMatchObject({ status: 'success', pendingKind: null, capturedAmount: 9200 });
    const events = await relay.ctx.store.webhooks.eventsOf(rc?.id ?? '');
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.payload ?? '{}')).toMatchObject({ paymentType: 'RC', referencedId: slip.id, result: { code: '000.000.000' } });
    const read = await relay.get(`/v1/payments/${rc?.id ?? ''}?entityId=${relay.merchant.entityId}`);
    expect(read.json<Body>()).toMatchObject({ paymentType: 'RC', referencedId: slip.id });
    // The job of the confirmation, when the relay's own clock gets there, finds nothing left to do.
    relay.clock.set(Date.UTC(2026, 10, 30));
    await relay.ctx.jobs.runDue();
    expect((await relay.ctx.store.payments.findById(slip.id))?.status).toBe('success');
    expect(await relay.ctx.store.webhooks.eventsOf(slip.id)).toHaveLength(1); // only its creation
  });

  it('confirms through the durable job when the relay clock reaches the confirmation time', async () => {
    const slip = await issue(oxxoRequest(relay.merchant.entityId));
    // OXXO: one business day of Mexico's calendar, 10:00 in Mexico City = 16:00 UTC on Monday.
    relay.clock.set(Date.UTC(2026, 10, 23, 15, 59));
    await relay.ctx.jobs.runDue();
    expect((await relay.ctx.store.payments.findById(slip.id))?.status).toBe('pending');
    relay.clock.set(Date.UTC(2026, 10, 23, 16, 0));
    await relay.ctx.jobs.runDue();
    expect((await relay.ctx.store.payments.findById(slip.id))?.status).toBe('success');
    expect((await relay.ctx.store.payments.referencing(slip.id, 'RC')).map((r) => r.createdAt)).toEqual([Date.UTC(2026, 10, 23, 16)]);
  });

  it('expires a slip not paid by its due date, with 100.396.103 and its webhook; it cannot be paid afterwards', async () => {
    const receiver = await listeningReceiver(relay.post, relay.merchant.entityId);
    onTestFinished(() => receiver.close());
    // Due Monday: the confirmation (Tuesday) would come too late, so the shopper never pays.
    const slip = await issue(boletoRequest(relay.merchant.entityId, { 'customParameters[CUSTOM_due_date]': '23112026' }));
    const moved = await relay.post('/v1/test/clock', { entityId: relay.merchant.entityId, time: '2026-11-24 03:00:00' });
    expect(moved.json<{ ran: Record<string, number> }>().ran.voucherSlips).toBe(1);
    const pa = await relay.ctx.store.payments.findById(slip.id);
    expect(pa).toMatchObject({ status: 'declined', resultCode: '100.396.103' });
    const events = await relay.ctx.store.webhooks.eventsOf(slip.id);
    expect(events.map((e) => e.action)).toEqual(['CREATED', 'UPDATED']);
    expect(JSON.parse(events[1]?.payload ?? '{}')).toMatchObject({ id: slip.id, result: { code: '100.396.103' } });
    const page = await relay.app.inject({ method: 'GET', url: `/v1/vouchers/${slip.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Expired: this slip can no longer be paid.');
    const pay = await relay.post(`/v1/test/vouchers/${slip.id}/pay`, { entityId: relay.merchant.entityId });
    expect(pay.statusCode).toBe(400);
    expect(pay.json<Body>().result).toMatchObject({ code: '100.350.101' });
    expect(pay.json<{ resultDetails: { ExtendedDescription: string } }>().resultDetails.ExtendedDescription).toContain('expired');
    expect(await relay.ctx.store.payments.referencing(slip.id, 'RC')).toEqual([]);
  });

  it('pays or expires a slip at once with the test operations, and names every refusal', async () => {
    const entityId = relay.merchant.entityId;
    const slip = await issue(balotoRequest(entityId));
    const paid = await relay.post(`/v1/test/vouchers/${slip.id}/pay`, { entityId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Body>()).toMatchObject({ paymentType: 'RC', referencedId: slip.id, result: { code: '000.000.000' } });
    const again = await relay.post(`/v1/test/vouchers/${slip.id}/pay`, { entityId });
    expect([again.statusCode, again.json<Body>().result.code]).toEqual([400, '100.350.101']);
    expect(again.json<{ resultDetails: { ExtendedDescription: string } }>().resultDetails.ExtendedDescription).toContain('paid already');
    const late = await relay.post(`/v1/test/vouchers/${slip.id}/expire`, { entityId });
    expect([late.statusCode, late.json<Body>().result.code]).toEqual([400, '100.350.101']);

    const other = await issue(oxxoRequest(entityId));
    const expired = await relay.post(`/v1/test/vouchers/${other.id}/expire`, { entityId });
    expect(expired.statusCode).toBe(200);
    expect(expired.json<Body>()).toMatchObject({ id: other.id, paymentType: 'PA', result: { code: '100.396.103' } });

    const unknown = await relay.post('/v1/test/vouchers/8a82944a4cc25ebf014cc2c782423202/pay', { entityId });
    expect([unknown.statusCode, unknown.json<Body>().result.code]).toEqual([400, '700.100.100']);
    const card = await issue({ entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() });
    const notSlip = await relay.post(`/v1/test/vouchers/${card.id}/pay`, { entityId });
    expect([notSlip.statusCode, notSlip.json<Body>().result.code]).toEqual([400, '700.100.700']);
    // Another merchant's token cannot reach this entity's slip.
    const stranger = await relay.addMerchant();
    const foreign = await relay.post(`/v1/test/vouchers/${other.id}/pay`, { entityId }, { token: stranger.token });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses the test operations in the live environment', async () => {
    const live = await startTestRelay({ environment: 'live' });
    try {
      const slip = await live.post('/v1/payments', oxxoRequest(live.merchant.entityId));
      expect(slip.statusCode).toBe(200);
      expect(slip.json<Body>().result.code).toBe('000.000.000');
      for (const action of ['pay', 'expire']) {
        const res = await live.post(`/v1/test/vouchers/${slip.json<Body>().id}/${action}`, { entityId: live.merchant.entityId });
        expect([res.statusCode, res.json<Body>().result.code]).toEqual([403, '700.500.003']);
      }
      expect((await live.ctx.store.payments.findById(slip.json<Body>().id))?.status).toBe('pending');
    } finally {
      await live.close();
    }
  });
});

describe('a slip and its refunds', () => {
  it('refuses a refund while the slip is pending, takes one after confirmation up to the amount', async () => {
    const entityId = relay.merchant.entityId;
    const slip = await issue(boletoRequest(entityId));
    const pending = await relay.post(`/v1/payments/${slip.id}`, { entityId, paymentType: 'RF', amount: '92.00', currency: 'BRL' });
    expect([pending.statusCode, pending.json<Body>().result.code]).toEqual([400, '700.400.570']);
    await relay.post(`/v1/test/vouchers/${slip.id}/pay`, { entityId });
    const refund = await relay.post(`/v1/payments/${slip.id}`, { entityId, paymentType: 'RF', amount: '92.00', currency: 'BRL' });
    expect(refund.statusCode, refund.body).toBe(200);
    const twice = await relay.post(`/v1/payments/${slip.id}`, { entityId, paymentType: 'RF', amount: '0.01', currency: 'BRL' });
    expect([twice.statusCode, twice.json<Body>().result.code]).toEqual([400, '700.400.200']);
    const capture = await relay.post(`/v1/payments/${slip.id}`, { entityId, paymentType: 'CP', amount: '1.00', currency: 'BRL' });
    expect([capture.statusCode, capture.json<Body>().result.code]).toEqual([400, '700.400.100']);
    // Cash paid at a bank is not reversed: nothing of the authorization is left to release.
    const other = await issue(oxxoRequest(entityId));
    await relay.post(`/v1/test/vouchers/${other.id}/pay`, { entityId });
    const reversal = await relay.post(`/v1/payments/${other.id}`, { entityId, paymentType: 'RV' });
    expect([reversal.statusCode, reversal.json<Body>().result.code]).toEqual([400, '700.400.300']);
  });

  it('leaves a consistent ledger when confirmations and refunds race on one slip', async () => {
    const entityId = relay.merchant.entityId;
    for (let round = 0; round < 5; round++) {
      const slip = await issue(boletoRequest(entityId, { merchantTransactionId: `order-race-${round}` }));
      const answers = await Promise.all([
        relay.post(`/v1/test/vouchers/${slip.id}/pay`, { entityId }),
        relay.post(`/v1/payments/${slip.id}`, { entityId, paymentType: 'RF', amount: '92.00', currency: 'BRL' }),
        relay.post(`/v1/test/vouchers/${slip.id}/pay`, { entityId }),
        relay.post(`/v1/payments/${slip.id}`, { entityId, paymentType: 'RF', amount: '92.00', currency: 'BRL' }),
      ]);
      const pays = [answers[0], answers[2]].map((a) => a?.statusCode).sort();
      expect(pays).toEqual([200, 400]);
      const pa = await relay.ctx.store.payments.findById(slip.id);
      expect(pa?.status).toBe('success');
      expect(pa?.refundedAmount).toBeLessThanOrEqual(pa?.capturedAmount ?? 0);
      const refunds = [answers[1], answers[3]].filter((a) => a?.statusCode === 200).length;
      expect(pa?.refundedAmount).toBe(refunds * 9200);
      for (const a of [answers[1], answers[3]]) if (a?.statusCode !== 200) expect(['700.400.570', '700.400.200']).toContain(a?.json<Body>().result.code);
    }
  });
});
