// The specification's test IBAN/BIC pairs (AT, DE, ES): a SEPA direct debit with any of them
// succeeds, with its BIC in either form (8 characters or with the branch XXX), and the IBAN with
// another bank's BIC is declined as an account the simulated bank does not know.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

const debit = (iban: string, bic: string | undefined, country: string) =>
  relay.post('/v1/payments', {
    entityId: relay.merchant.entityId,
    amount: '20.00',
    currency: 'EUR',
    paymentType: 'DB',
    paymentBrand: 'DIRECTDEBIT_SEPA',
    'bankAccount.holder': 'Jane Jones',
    'bankAccount.iban': iban,
    ...(bic === undefined ? {} : { 'bankAccount.bic': bic }),
    'bankAccount.country': country,
  });

describe('test bank accounts', () => {
  it.each([
    ['DE', 'DE23100000001234567890', 'MARKDEF1100'],
    ['AT', 'AT850100001234567890', 'NABAATWWXXX'],
    ['AT', 'AT850100001234567890', 'NABAATWW'],
    ['AT', 'AT850100001234567890', undefined],
    ['ES', 'ES1690000001261234567890', 'ESPBESMMXXX'],
    ['ES', 'ES1690000001261234567890', 'ESPBESMM'],
  ])('debits the %s test account %s with BIC %s', async (country, iban, bic) => {
    const res = await debit(iban, bic, country);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.code).toBe('000.100.110');
  });

  it.each([
    ['DE', 'DE23100000001234567890'],
    ['AT', 'AT850100001234567890'],
    ['ES', 'ES1690000001261234567890'],
  ])('declines the %s test IBAN with another bank\'s BIC', async (country, iban) => {
    const res = await debit(iban, 'COBADEFFXXX', country);
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('800.100.100');
  });
});
