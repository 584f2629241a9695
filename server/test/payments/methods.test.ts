// The table of payment methods (payments/methods/table.ts): which row pays a request, in the
// table's order, and that every row's pending kind is one the lifecycle table settles.

import { describe, expect, it } from 'vitest';
import { PENDING_TRANSITIONS } from '../../src/domain/lifecycle.js';
import { methodOf, PAYMENT_METHODS } from '../../src/payments/methods/table.js';
import type { PaymentSource } from '../../src/payments/methods/method.js';
import type { CardInput } from '../../src/simulator/types.js';

const CARD = { 'card.number': '4200000000000000', 'card.expiryMonth': '05', 'card.expiryYear': '2034' };
const methodFor = (params: Record<string, string>, source: PaymentSource = {}) => methodOf(new Map(Object.entries(params)), source)?.name;
const stored = { registration: { record: {} as never, card: { number: '4200000000000000', expiryMonth: '05', expiryYear: '2034' } satisfies CardInput } };

describe('payment methods', () => {
  it('has one row per method, each with a module of its own', () => {
    expect(PAYMENT_METHODS.map((m) => m.name)).toEqual(['voucherSlip', 'card', 'bankAccount', 'virtualAccount', 'wallet', 'redirect']);
  });

  it('picks the row that pays a request, in the table order', () => {
    expect(methodFor({ paymentBrand: 'BOLETO', ...CARD })).toBe('voucherSlip');
    expect(methodFor({ paymentBrand: 'BOLETO' }, stored)).toBe('card');
    expect(methodFor({ paymentBrand: 'VISA', ...CARD, 'bankAccount.iban': 'DE89370400440532013000' })).toBe('card');
    expect(methodFor({ paymentBrand: 'DIRECTDEBIT_SEPA', 'bankAccount.iban': 'DE89370400440532013000', 'walletPay.paymentToken': '{}' })).toBe('bankAccount');
    expect(methodFor({ paymentBrand: 'ALIPAY', 'virtualAccount.accountId': 'a', 'walletPay.paymentToken': '{}' })).toBe('virtualAccount');
    expect(methodFor({ paymentBrand: 'PAYPAL', 'walletPay.paymentToken': 'not a token' })).toBe('wallet');
    expect(methodFor({ paymentBrand: 'PAYPAL' })).toBe('redirect');
    expect(methodFor({ paymentBrand: 'SOFORTUEBERWEISUNG' })).toBe('redirect');
    expect(methodFor({ paymentBrand: 'DIRECTDEBIT_SEPA' })).toBeUndefined();
    expect(methodFor({ paymentBrand: 'VISA' })).toBeUndefined();
  });

  it('leaves payments pending only in kinds the lifecycle table settles', () => {
    const settled = new Set(PENDING_TRANSITIONS.map((t) => t.kind));
    for (const method of PAYMENT_METHODS) expect(settled.has(method.pendingKind)).toBe(true);
  });
});
