// Registrations and recurring payments (A9): stored cards sealed, REPEATED without CVV.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserData, startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

const entity = () => relay.merchant.entityId;
const repeated = (extra: Record<string, string> = {}) => ({ entityId: entity(), amount: '9.99', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED', ...extra });

describe('registrations', () => {
  it('stores a card with createRegistration=true on a payment and pays with it as REPEATED', async () => {
    const first = await relay.post('/v1/payments', { entityId: entity(), amount: '19.99', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', createRegistration: 'true', recurringType: 'INITIAL', ...testCard() });
    expect(first.statusCode).toBe(200);
    const registrationId = first.json().registrationId;
    expect(registrationId).toMatch(/^[0-9a-zA-Z]{32}$/);
    const next = await relay.post(`/v1/registrations/${registrationId}/payments`, repeated());
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ paymentType: 'DB', amount: '9.99', paymentBrand: 'VISA', registrationId });
    expect(next.json().card).toMatchObject({ bin: '420000', last4Digits: '0000' });
  });

  it('stores the card of a 3-D Secure payment once the shopper authenticated, with the payment', async () => {
    const challenged = await relay.post('/v1/payments', { entityId: entity(), amount: '19.99', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', createRegistration: 'true', recurringType: 'INITIAL', ...testCard('4711100000000000'), ...browserData() });
    expect(challenged.json().result.code).toBe('000.200.000');
    expect(challenged.json().registrationId).toBeUndefined();
    const id = challenged.json().id as string;
    const page = `/v1/threeDSecure/${id}`;
    const form = { method: 'POST' as const, url: page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'returnCode=000.400.110' };
    expect((await relay.app.inject(form)).statusCode).toBe(200);
    const read = (await relay.get(`/v1/payments/${id}?entityId=${entity()}`)).json();
    expect(read.result.code).toMatch(/^000\.100\./);
    const registrationId = read.registrationId;
    expect(registrationId).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect((await relay.post(`/v1/registrations/${registrationId}/payments`, repeated())).statusCode).toBe(200);
    // A second submit of the page settles nothing and stores no second card.
    await relay.app.inject(form);
    expect((await relay.get(`/v1/payments/${id}?entityId=${entity()}`)).json().registrationId).toBe(registrationId);
  });

  it('refuses createRegistration on a bank account payment instead of paying without a registration', async () => {
    const sepa = { entityId: entity(), amount: '20.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'DIRECTDEBIT_SEPA', 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890', 'bankAccount.country': 'DE' };
    const res = await relay.post('/v1/payments', { ...sepa, createRegistration: 'true' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('200.300.404');
    expect(res.json().result.parameterErrors).toEqual([{ name: 'createRegistration', value: 'true', message: 'registrations store cards only; pay with card.* to create one' }]);
    expect((await relay.post('/v1/payments', sepa)).statusCode).toBe(200);
  });

  it('stores a card stand-alone, lists it masked, and deletes it', async () => {
    const reg = await relay.post('/v1/registrations', { entityId: entity(), paymentBrand: 'MASTER', ...testCard('5454545454545454') });
    expect(reg.statusCode).toBe(200);
    const body = reg.json();
    expect(body.card).toEqual({ bin: '545454', last4Digits: '5454', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' });
    const read = await relay.get(`/v1/registrations/${body.id}?entityId=${entity()}`);
    expect(read.json().card.last4Digits).toBe('5454');
    expect(JSON.stringify(read.json())).not.toContain('5454545454545454');
    const del = await relay.del(`/v1/registrations/${body.id}?entityId=${entity()}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().result.code).toBe('000.000.000');
    expect((await relay.get(`/v1/registrations/${body.id}?entityId=${entity()}`)).statusCode).toBe(404);
    expect((await relay.post(`/v1/registrations/${body.id}/payments`, repeated())).statusCode).toBe(404);
    expect((await relay.del(`/v1/registrations/${body.id}?entityId=${entity()}`)).statusCode).toBe(404);
  });

  it('refuses a card that fails the checks', async () => {
    const reg = await relay.post('/v1/registrations', { entityId: entity(), paymentBrand: 'VISA', ...testCard('4200000000000001') });
    expect(reg.statusCode).toBe(400);
  });

  it('never lets a REPEATED payment carry a CVV or 3-D Secure data', async () => {
    const reg = (await relay.post('/v1/registrations', { entityId: entity(), paymentBrand: 'VISA', ...testCard() })).json();
    const cvv = await relay.post(`/v1/registrations/${reg.id}/payments`, repeated({ 'card.cvv': '123' }));
    expect(cvv.statusCode).toBe(400);
    expect(JSON.stringify(cvv.json())).not.toContain('"123"');
    const threeDs = await relay.post(`/v1/registrations/${reg.id}/payments`, repeated({ 'threeDSecure.eci': '05' }));
    expect(threeDs.statusCode).toBe(400);
  });

  it('requires authentication data on an INITIAL payment', async () => {
    const card = testCard();
    delete (card as Record<string, string>)['card.cvv'];
    const res = await relay.post('/v1/payments', { entityId: entity(), amount: '1.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', recurringType: 'INITIAL', ...card });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.parameterErrors[0].name).toBe('recurringType');
  });

  it('accepts recurringMigration parameters', async () => {
    const res = await relay.post('/v1/registrations', { entityId: entity(), paymentBrand: 'VISA', ...testCard(), 'recurringMigration.paymentType': 'DB', 'recurringMigration.amount': '10.00', 'recurringMigration.requestTimestamp': '2025-01-02 10:11:12', 'recurringMigration.connectorTxId1': 'abc123' });
    expect(res.statusCode).toBe(200);
  });

  it('keeps card numbers out of the database file in clear, and never stores a CVV (A9)', async () => {
    await relay.post('/v1/registrations', { entityId: entity(), paymentBrand: 'AMEX', ...testCard('377777777777770', { 'card.cvv': '9876' }) });
    const files = readdirSync(relay.dataDir).filter((f) => f.startsWith('relay.sqlite'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(join(relay.dataDir, file)).toString('latin1');
      for (const number of ['4200000000000000', '5454545454545454', '377777777777770']) expect(bytes, file).not.toContain(number);
      // Not inside a run of hex (ids, HMACs, sealed data print as hex): the CVV's digits can occur
      // there by chance; a stored CVV would stand as a value of its own (quoted, after = or :).
      expect(bytes, file).not.toMatch(/(?<![0-9A-Fa-f])9876(?![0-9A-Fa-f])/);
    }
  });
});
