// A payment as the detail page shows it: read back from the answer the relay stored, a card as
// its bin and last four, and every text scrubbed again, so a card number put in a free field is
// never shown whole.

import { describe, expect, it } from 'vitest';
import { paymentDetailView, timelineRecord } from '../../src/backoffice/payment-detail-view.js';
import type { PaymentRecord } from '../../src/domain/records.js';

const T0 = Date.UTC(2026, 0, 1);
const CARD = '4200000000000000';

function payment(answer: Record<string, unknown>, over: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 'a'.repeat(32), entityId: 'e'.repeat(32), paymentType: 'DB', paymentBrand: 'VISA', amount: 1_250, currency: 'EUR',
    status: 'success', resultCode: '000.100.110', referencedId: null, registrationId: null, checkoutId: null,
    capturedAmount: 0, refundedAmount: 0, reversed: false, responseJson: JSON.stringify(answer), pendingJson: null, pendingKind: null, createdAt: T0, updatedAt: T0,
    merchantTransactionId: 'order-1', ...over,
  };
}

describe('paymentDetailView', () => {
  it('shows the card as bin and last four, the customer, billing and custom parameters, with the code\'s meaning', () => {
    const view = paymentDetailView(
      payment({
        card: { bin: '420000', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '12', expiryYear: '2034' },
        customer: { email: 'jane@shop.example', givenName: `Jane ${CARD}` },
        billing: { city: 'Berlin', country: 'DE' },
        customParameters: { note: `card ${CARD}`, SHOPPER_x: 'y' },
      }),
    );
    expect(view).toMatchObject({
      amount: '12.50',
      method: 'card',
      status: 'success',
      resultCode: '000.100.110',
      last4: '0000',
      email: 'jane@shop.example',
      card: { bin: '420000', last4: '0000', holder: 'Jane Jones', expiryMonth: '12', expiryYear: '2034' },
      billing: { city: 'Berlin', country: 'DE' },
      customParameters: { SHOPPER_x: 'y' },
    });
    expect(typeof view.resultDescription).toBe('string');
    expect(JSON.stringify(view)).not.toContain(CARD);
  });

  it('shows a bank account as stored, masked, and a charged back payment as such', () => {
    const view = paymentDetailView(payment({ bankAccount: { holder: 'Jane Jones', iban: 'DE89**************3000' } }, { paymentBrand: 'DIRECTDEBIT_SEPA', chargebackAmount: 500 }));
    expect(view).toMatchObject({ method: 'bankAccount', account: { holder: 'Jane Jones', ibanMasked: 'DE89**************3000' }, status: 'chargedBack' });
    const virtual = paymentDetailView(payment({ virtualAccount: { accountId: 'jane.jones@shop.example' } }, { paymentBrand: 'PAYPAL' }));
    expect(virtual.account).toEqual({ holder: null, ibanMasked: 'jane***************mple' });
  });

  it('makes a timeline entry of a record', () => {
    expect(timelineRecord(payment({}, { paymentType: 'RF', amount: 500 }))).toMatchObject({ paymentType: 'RF', amount: '5.00', currency: 'EUR', status: 'success', createdAt: T0 });
  });
});
