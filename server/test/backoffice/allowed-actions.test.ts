// What the detail page offers: the role's actions the lifecycle table accepts now, with the most
// each could take; a support agent's refund capped by the merchant's limit in its currency.

import { describe, expect, it } from 'vitest';
import { allowedActions, type AllowedInput } from '../../src/backoffice/allowed-actions.js';
import type { PaymentRecord } from '../../src/domain/records.js';

const T0 = Date.UTC(2026, 0, 1);
const CUTOFF = 72 * 3600_000;

function payment(over: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 'a'.repeat(32), entityId: 'e'.repeat(32), paymentType: 'PA', paymentBrand: 'VISA', amount: 10_000, currency: 'EUR',
    status: 'success', resultCode: '000.100.110', referencedId: null, registrationId: null, checkoutId: null,
    capturedAmount: 0, refundedAmount: 0, reversed: false, responseJson: '{}', pendingJson: null, pendingKind: null, createdAt: T0, updatedAt: T0, ...over,
  };
}

const input = (over: Partial<AllowedInput>): AllowedInput => ({ role: 'owner', payment: payment(), parent: undefined, now: T0 + 1000, reversalCutoffMs: CUTOFF, refundLimit: null, ...over });

describe('allowedActions', () => {
  it('offers an owner the capture of what is left and the reversal of an uncaptured PA, no refund of nothing captured', () => {
    expect(allowedActions(input({}))).toEqual({ capture: { max: '100.00', currency: 'EUR' }, reverse: true });
  });

  it('offers the refund of what was captured, and no reversal after a refund', () => {
    const pa = payment({ capturedAmount: 6_000, refundedAmount: 1_000 });
    expect(allowedActions(input({ payment: pa }))).toEqual({ capture: { max: '40.00', currency: 'EUR' }, refund: { max: '50.00', currency: 'EUR' } });
  });

  it('offers nothing on a declined or reversed payment, and no reversal after the cut-off', () => {
    expect(allowedActions(input({ payment: payment({ status: 'declined' }) }))).toEqual({});
    expect(allowedActions(input({ payment: payment({ reversed: true }) }))).toEqual({});
    expect(allowedActions(input({ payment: payment({ paymentType: 'DB' }), now: T0 + CUTOFF + 1 }))).toEqual({ refund: { max: '100.00', currency: 'EUR' } });
  });

  it("bounds a capture's refund by its PA", () => {
    const pa = payment({ capturedAmount: 6_000, refundedAmount: 5_000 });
    const capture = payment({ id: 'c'.repeat(32), paymentType: 'CP', amount: 6_000, referencedId: pa.id });
    expect(allowedActions(input({ payment: capture, parent: pa }))).toEqual({ refund: { max: '10.00', currency: 'EUR' } });
  });

  it("offers a role only its own actions, support's refund up to the merchant's limit in its currency", () => {
    const db = payment({ paymentType: 'DB' });
    expect(allowedActions(input({ role: 'viewer', payment: db }))).toEqual({});
    expect(allowedActions(input({ role: 'finance', payment: db }))).toEqual({ refund: { max: '100.00', currency: 'EUR' } });
    expect(allowedActions(input({ role: 'support', payment: db, refundLimit: { amount: 2_500, currency: 'EUR' } }))).toEqual({ refund: { max: '25.00', currency: 'EUR' } });
    expect(allowedActions(input({ role: 'support', payment: db, refundLimit: { amount: 2_500, currency: 'USD' } }))).toEqual({});
    expect(allowedActions(input({ role: 'support', payment: db, refundLimit: null }))).toEqual({});
  });
});
