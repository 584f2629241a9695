// A refund may reference the capture (CP) as well as the PA, as integrations that refund the
// capture id do; every refund of a PA, direct or through its captures, stays within what it captured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

const entityId = () => relay.merchant.entityId;
const followUp = (id: string, form: Record<string, string>) => relay.post(`/v1/payments/${id}`, { entityId: entityId(), currency: 'EUR', ...form });
const read = async (id: string) => (await relay.get(`/v1/payments/${id}?entityId=${entityId()}`)).json();

describe('refunds of captures', () => {
  it('refunds a capture by its id, within the capture and within what the PA captured', async () => {
    const pa = (await relay.post('/v1/payments', { entityId: entityId(), amount: '100.00', currency: 'EUR', paymentType: 'PA', paymentBrand: 'VISA', ...testCard() })).json();
    const cp1 = (await followUp(pa.id, { paymentType: 'CP', amount: '60.00' })).json();
    const cp2 = (await followUp(pa.id, { paymentType: 'CP', amount: '30.00' })).json();

    const refund = await followUp(cp1.id, { paymentType: 'RF', amount: '50.00' });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ paymentType: 'RF', amount: '50.00', referencedId: cp1.id, result: { code: '000.100.110' } });

    // More than the capture has left.
    const beyondCapture = await followUp(cp1.id, { paymentType: 'RF', amount: '10.01' });
    expect(beyondCapture.statusCode).toBe(400);
    expect(beyondCapture.json().result.code).toBe('700.400.200');

    // The PA captured 90.00 and 50.00 of it is refunded: 40.00 left, whichever id is refunded.
    expect((await followUp(pa.id, { paymentType: 'RF', amount: '35.00' })).statusCode).toBe(200);
    const beyondPa = await followUp(cp2.id, { paymentType: 'RF', amount: '5.01' });
    expect(beyondPa.json().result.code).toBe('700.400.200');
    expect((await followUp(cp2.id, { paymentType: 'RF', amount: '5.00' })).statusCode).toBe(200);

    // Refunded: no reversal of the PA, and a capture is never reversed.
    expect((await followUp(pa.id, { paymentType: 'RV' })).json().result.code).toBe('700.400.300');
    expect((await followUp(cp2.id, { paymentType: 'RV' })).json().result.code).toBe('700.400.300');
    expect(await read(pa.id)).toMatchObject({ id: pa.id });
  });

  it('refuses a refund of a capture in another currency, or of a capture whose PA was reversed', async () => {
    const pa = (await relay.post('/v1/payments', { entityId: entityId(), amount: '20.00', currency: 'EUR', paymentType: 'PA', paymentBrand: 'VISA', ...testCard() })).json();
    const cp = (await followUp(pa.id, { paymentType: 'CP', amount: '10.00' })).json();
    expect((await followUp(cp.id, { paymentType: 'RF', amount: '1.00', currency: 'USD' })).json().result.code).toBe('700.100.500');
    expect((await followUp(pa.id, { paymentType: 'RV' })).statusCode).toBe(200);
    expect((await followUp(cp.id, { paymentType: 'RF', amount: '1.00' })).json().result.code).toBe('700.400.200');
  });
});
