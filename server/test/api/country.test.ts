// Country rules as channel settings: Brazil, Mexico, Colombia; no profile = any ISO currency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
let brazil: string;
let mexico: string;
let colombia: string;
beforeAll(async () => {
  relay = await startTestRelay();
  brazil = await relay.addEntity(relay.merchant.merchantId, { country: 'BR' });
  mexico = await relay.addEntity(relay.merchant.merchantId, { country: 'MX' });
  colombia = await relay.addEntity(relay.merchant.merchantId, { country: 'CO' });
});
afterAll(async () => relay.close());

const form = (entityId: string, extra: Record<string, string>) => ({ entityId, amount: '10.00', paymentBrand: 'VISA', ...testCard(), ...extra });
const cpf = { 'customer.givenName': 'Ana', 'customer.surname': 'Silva', 'customer.identificationDocType': 'TAXSTATEMENT', 'customer.identificationDocId': '52998224725' };

describe('Brazil', () => {
  it('takes a PA in BRL with a valid CPF and captures it', async () => {
    const pa = await relay.post('/v1/payments', form(brazil, { currency: 'BRL', paymentType: 'PA', ...cpf }));
    expect(pa.statusCode).toBe(200);
    const cp = await relay.post(`/v1/payments/${pa.json().id}`, { entityId: brazil, paymentType: 'CP', amount: '10.00', currency: 'BRL' });
    expect(cp.statusCode).toBe(200);
  });

  it('accepts a valid CNPJ', async () => {
    const res = await relay.post('/v1/payments', form(brazil, { currency: 'BRL', paymentType: 'PA', ...cpf, 'customer.identificationDocId': '11222333000181' }));
    expect(res.statusCode).toBe(200);
  });

  it('requires the tax document with valid check digits', async () => {
    const none = await relay.post('/v1/payments', form(brazil, { currency: 'BRL', paymentType: 'PA' }));
    expect(none.statusCode).toBe(400);
    const bad = await relay.post('/v1/payments', form(brazil, { currency: 'BRL', paymentType: 'PA', ...cpf, 'customer.identificationDocId': '52998224726' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.parameterErrors.map((e: { name: string }) => e.name)).toContain('customer.identificationDocId');
    const passport = await relay.post('/v1/payments', form(brazil, { currency: 'BRL', paymentType: 'PA', ...cpf, 'customer.identificationDocType': 'PASSPORT' }));
    expect(passport.statusCode).toBe(400);
  });

  it('takes only BRL', async () => {
    const res = await relay.post('/v1/payments', form(brazil, { currency: 'USD', paymentType: 'PA', ...cpf }));
    expect(res.statusCode).toBe(400);
  });
});

describe('Mexico and Colombia', () => {
  it('debit in MXN and COP, and refuse other currencies', async () => {
    expect((await relay.post('/v1/payments', form(mexico, { currency: 'MXN', paymentType: 'DB' }))).statusCode).toBe(200);
    expect((await relay.post('/v1/payments', form(mexico, { currency: 'EUR', paymentType: 'DB' }))).statusCode).toBe(400);
    expect((await relay.post('/v1/payments', form(colombia, { currency: 'COP', paymentType: 'DB' }))).statusCode).toBe(200);
    expect((await relay.post('/v1/payments', form(colombia, { currency: 'MXN', paymentType: 'DB' }))).statusCode).toBe(400);
  });
});

describe('no profile', () => {
  it('takes the card test flows in any ISO currency', async () => {
    for (const currency of ['EUR', 'USD', 'JPY', 'BRL', 'SAR']) {
      expect((await relay.post('/v1/payments', form(relay.merchant.entityId, { currency, paymentType: 'DB' }))).statusCode, currency).toBe(200);
    }
    expect((await relay.post('/v1/payments', form(relay.merchant.entityId, { currency: 'XXY', paymentType: 'DB' }))).statusCode).toBe(400);
  });
});
