// recurringMigration.*: a series whose INITIAL payment was made with another provider. A
// stand-alone registration takes it, validates it, stores it and echoes it; REPEATED payments with
// that registration hand the INITIAL payment's acquirer references on (resultDetails
// InitialConnectorTxID1..3). Payments and checkouts do not use it: ignored, or refused for an entity
// with strict parameters, like any unused parameter.
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
const register = (extra: Record<string, string>) => relay.post('/v1/registrations', { entityId: entity(), paymentBrand: 'VISA', ...testCard(), ...extra });
const repeated = (id: string) =>
  relay.post(`/v1/registrations/${id}/payments`, { entityId: entity(), amount: '9.99', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' });

describe('recurringMigration on a registration', () => {
  it('is stored and echoed by the answer and by a read, the amount in its canonical form', async () => {
    const res = await register(MIGRATION);
    expect(res.statusCode).toBe(200);
    const echoed = {
      paymentType: 'DB',
      amount: '10.00',
      requestTimestamp: '2025-01-02 10:11:12',
      connectorTxId1: 'TX-8f3a1c',
      connectorTxId2: 'AUTH 004211',
      connectorTxId3: 'ECI=05;ref/77',
    };
    expect(res.json().recurringMigration).toEqual(echoed);
    const read = await relay.get(`/v1/registrations/${res.json().id}?entityId=${entity()}`);
    expect(read.json().recurringMigration).toEqual(echoed);
  });

  it('echoes only what was sent, and nothing on a registration without it', async () => {
    const some = await register({ 'recurringMigration.paymentType': 'PA', 'recurringMigration.connectorTxId1': 'only-one' });
    expect(some.json().recurringMigration).toEqual({ paymentType: 'PA', connectorTxId1: 'only-one' });
    expect((await register({})).json()).not.toHaveProperty('recurringMigration');
  });

  it("gives REPEATED payments the INITIAL payment's acquirer references", async () => {
    const migrated = (await register(MIGRATION)).json().id as string;
    const paid = await repeated(migrated);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().resultDetails).toMatchObject({
      InitialConnectorTxID1: 'TX-8f3a1c',
      InitialConnectorTxID2: 'AUTH 004211',
      InitialConnectorTxID3: 'ECI=05;ref/77',
    });
    const partial = (await register({ 'recurringMigration.paymentType': 'CD', 'recurringMigration.connectorTxId2': 'second' })).json().id as string;
    const details = (await repeated(partial)).json().resultDetails;
    expect(details.InitialConnectorTxID2).toBe('second');
    expect(Object.keys(details).filter((k) => k.startsWith('Initial'))).toEqual(['InitialConnectorTxID2']);
    const plain = (await register({})).json().id as string;
    expect(Object.keys((await repeated(plain)).json().resultDetails).filter((k) => k.startsWith('Initial'))).toEqual([]);
  });

  it.each([
    ['recurringMigration.paymentType', 'RF'],
    ['recurringMigration.amount', '10.0'],
    ['recurringMigration.amount', '123456789.00'],
    ['recurringMigration.amount', '1e3'],
    ['recurringMigration.requestTimestamp', '2025-02-29 10:00:00'],
    ['recurringMigration.requestTimestamp', '2025-01-02T10:11:12'],
    ['recurringMigration.requestTimestamp', '2025-01-02 24:00:00'],
    // One second after the relay's clock: an INITIAL payment cannot have happened yet.
    ['recurringMigration.requestTimestamp', '2026-11-22 12:00:01'],
    ['recurringMigration.connectorTxId1', 'x'.repeat(129)],
  ])('refuses %s=%j in the API error shape, naming the parameter', async (name, value) => {
    const res = await register({ ...MIGRATION, [name]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('200.300.404');
    expect(res.json().result.parameterErrors).toEqual([{ name, value, message: expect.any(String) }]);
  });

  it('takes a request timestamp of the present second', async () => {
    const res = await register({ ...MIGRATION, 'recurringMigration.requestTimestamp': '2026-11-22 12:00:00' });
    expect(res.statusCode).toBe(200);
  });

  it('requires the paymentType of the INITIAL payment with any other recurringMigration field', async () => {
    const res = await register({ 'recurringMigration.connectorTxId1': 'TX-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.parameterErrors).toEqual([{ name: 'recurringMigration.paymentType', value: '', message: expect.any(String) }]);
  });
});

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
