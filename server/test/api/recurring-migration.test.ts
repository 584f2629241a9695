// recurringMigration.*: a series whose INITIAL payment was made with another provider. Payments and
// checkouts do not use it: ignored, or refused for an entity with strict parameters, like any
// unused parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
let strict: TestMerchant;
beforeAll(async () => {
  relay = await startTestRelay(); // the clock stands at 2026-11-22 12:00:00 UTC
  strict = await relay.addMerchant({ strictParameters: true });
});
afterAll(async () => relay.close());

const entity = () => relay.merchant.entityId;
const MIGRATION = {
  'recurringMigration.paymentType': 'DB',
  'recurringMigration.amount': '10',
  'recurringMigration.requestTimestamp': '2025-01-02 10:11:12',
  'recurringMigration.connectorTxId1': 'TX-8f3a1c',
  'recurringMigration.connectorTxId2': 'AUTH 004211',
  'recurringMigration.connectorTxId3': 'ECI=05;ref/77',
};
describe('recurringMigration on payments and checkouts', () => {
  const payment = (entityId: string, extra: Record<string, string>) =>
    relay.post('/v1/payments', { entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...extra }, entityId === strict.entityId ? { token: strict.token } : {});
  const checkout = (entityId: string, extra: Record<string, string>) =>
    relay.post('/v1/checkouts', { entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', ...extra }, entityId === strict.entityId ? { token: strict.token } : {});
  // A bad value shows whether the parameter is read at all: an unused one is not.
  const unusedBad = { 'recurringMigration.paymentType': 'XX' };

  it('is an unused parameter: ignored, with no effect on the answer', async () => {
    const paid = await payment(entity(), { ...MIGRATION, ...unusedBad });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).not.toHaveProperty('recurringMigration');
    expect(Object.keys(paid.json().resultDetails).filter((k) => k.startsWith('Initial'))).toEqual([]);
    expect((await checkout(entity(), unusedBad)).statusCode).toBe(200);
  });

  it('is refused as unknown for an entity with strict parameters', async () => {
    for (const res of [await payment(strict.entityId, unusedBad), await checkout(strict.entityId, unusedBad)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().result.parameterErrors).toEqual([{ name: 'recurringMigration.paymentType', value: 'XX', message: 'unknown parameter' }]);
    }
  });
});
