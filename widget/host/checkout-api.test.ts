import { describe, expect, it } from 'vitest';
import { parseCheckout } from './checkout-api.js';

describe('parseCheckout', () => {
  it('reads the widget endpoint answer', () => {
    expect(
      parseCheckout({
        id: 'c1',
        amount: '92.00',
        currency: 'EUR',
        paymentType: 'DB',
        brands: ['VISA', 3],
        registrations: [{ id: 'r1', brand: 'VISA', last4: '0000', expiryMonth: '12', expiryYear: '2030', bin: '420000' }, { junk: true }],
        locked: true,
        carries: ['customer.givenName', 7],
        extra: 'ignored',
      }),
    ).toEqual({
      id: 'c1',
      amount: '92.00',
      currency: 'EUR',
      paymentType: 'DB',
      brands: ['VISA'],
      registrations: [{ id: 'r1', brand: 'VISA', last4: '0000', expiryMonth: '12', expiryYear: '2030', bin: '420000' }],
      shopperResultUrl: null,
      locked: true,
      carries: ['customer.givenName'],
    });
  });
  it('is null for anything that is not a checkout', () => {
    expect(parseCheckout(null)).toBeNull();
    expect(parseCheckout({ result: { code: '200.300.404' } })).toBeNull();
  });
});
