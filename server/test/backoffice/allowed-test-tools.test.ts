// What the payment page's test tools panel offers (allowed.test): the simulator's operations the
// lifecycle tables would accept on the payment now, only in the test environment and only to a
// role with testTools.use.

import { describe, expect, it } from 'vitest';
import { allowedActions, type AllowedInput } from '../../src/backoffice/allowed-actions.js';
import type { PaymentRecord } from '../../src/domain/records.js';

const T0 = Date.UTC(2026, 0, 1);

function payment(over: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 'a'.repeat(32), entityId: 'e'.repeat(32), paymentType: 'DB', paymentBrand: 'VISA', amount: 10_000, currency: 'EUR',
    status: 'success', resultCode: '000.100.110', referencedId: null, registrationId: null, checkoutId: null,
    capturedAmount: 0, refundedAmount: 0, reversed: false, responseJson: '{}', pendingJson: null, pendingKind: null, createdAt: T0, updatedAt: T0, ...over,
  };
}

const chargeback = (over: Partial<PaymentRecord> = {}) => payment({ id: 'c'.repeat(32), paymentType: 'CB', amount: 3_000, resultCode: '000.100.220', referencedId: 'a'.repeat(32), ...over });

function testOf(over: Partial<AllowedInput>) {
  const p = over.payment ?? payment();
  return allowedActions({ role: 'developer', payment: p, parent: undefined, now: T0 + 1000, reversalCutoffMs: 0, refundLimit: null, environment: 'test', family: [p], ...over }).test;
}

describe('allowed.test', () => {
  it('offers a slip awaiting payment its pay and expire, a redirect payment its approve and cancel', () => {
    expect(testOf({ payment: payment({ paymentType: 'PA', paymentBrand: 'OXXO', status: 'pending', pendingKind: 'slip' }) })).toEqual({ pay: true, expire: true });
    expect(testOf({ payment: payment({ paymentBrand: 'SOFORTUEBERWEISUNG', status: 'pending', pendingKind: 'redirect' }) })).toEqual({ approve: true, cancel: true });
  });

  it('offers the chargeback of what refunds and open chargebacks left, and the reversal of each open chargeback', () => {
    const charged = payment({ refundedAmount: 2_000, chargebackAmount: 3_000 });
    const open = chargeback();
    const reversed = chargeback({ id: 'd'.repeat(32), reversed: true });
    const test = testOf({ payment: charged, family: [charged, open, reversed] });
    expect(test?.chargeback).toMatchObject({ max: '50.00', currency: 'EUR' });
    expect(test?.chargeback?.reasons.every((r) => r.code.startsWith('000.100.2'))).toBe(true);
    expect(test?.chargebackReversal?.chargebacks).toEqual([{ id: open.id, amount: '30.00', currency: 'EUR', reasonCode: '000.100.220', reasonDescription: 'Fraudulent Transaction', createdAt: T0 }]);
  });

  it('offers nothing on a declined payment, a fully charged back one, a pending 3-D Secure one', () => {
    expect(testOf({ payment: payment({ status: 'declined' }) })).toBeUndefined();
    expect(testOf({ payment: payment({ chargebackAmount: 10_000 }) })).toBeUndefined();
    expect(testOf({ payment: payment({ status: 'pending', pendingKind: 'three-d-secure' }) })).toBeUndefined();
  });

  it('offers nothing in live, to a role without testTools.use, or without the family', () => {
    expect(testOf({ environment: 'live' })).toBeUndefined();
    expect(testOf({ role: 'support' })).toBeUndefined();
    expect(testOf({ family: undefined })).toBeUndefined();
    expect(testOf({})).toBeDefined();
  });
});
