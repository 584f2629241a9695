// What the back office lists a payment by, written by the flows that make it: the method it was
// paid with, the card's last four digits and the customer's e-mail in lowercase, and a follow-up
// with its payment's, so a search by either finds the whole family.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

describe('listing facts of payments', () => {
  it('keeps a card payment\'s method, last four and e-mail, and hands them to its refund', async () => {
    const { entityId } = relay.merchant;
    const paid = await relay.post('/v1/payments', { entityId, amount: '30.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), 'customer.email': 'Jane@Example.COM' });
    expect(paid.statusCode).toBe(200);
    const payment = await relay.ctx.store.payments.find(entityId, paid.json().id);
    expect(payment).toMatchObject({ method: 'card', cardLast4: '0000', customerEmail: 'jane@example.com' });
    const refund = await relay.post(`/v1/payments/${paid.json().id}`, { entityId, paymentType: 'RF', amount: '10.00', currency: 'EUR' });
    expect(refund.statusCode).toBe(200);
    expect(await relay.ctx.store.payments.find(entityId, refund.json().id)).toMatchObject({ method: 'card', cardLast4: '0000', customerEmail: 'jane@example.com' });
    const found = await relay.ctx.store.paymentSearch.list([entityId], { q: 'JANE@example.com' }, undefined, 10);
    // The test relay's clock stands still: both are of one millisecond, so compared as a set.
    expect(found.payments.map((p) => p.id).sort()).toEqual([refund.json().id, paid.json().id].sort());
  });

  it('lists a payment sent without card or customer with no last four nor e-mail', async () => {
    const { entityId } = relay.merchant;
    const paid = await relay.post('/v1/payments', { entityId, amount: '30.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'SOFORTUEBERWEISUNG' });
    expect(paid.statusCode).toBe(200);
    const payment = await relay.ctx.store.payments.find(entityId, paid.json().id);
    expect(payment?.method).toBe('redirect');
    expect(payment?.cardLast4).toBeUndefined();
    expect(payment?.customerEmail).toBeUndefined();
  });
});
