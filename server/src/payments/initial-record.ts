// The record of an initial payment as it is first written: it references nothing and nothing has
// been captured, refunded or reversed yet.

import type { EpochMs, PaymentRecord } from '../domain/records.js';

export type InitialFields = Pick<
  PaymentRecord,
  'id' | 'entityId' | 'paymentType' | 'paymentBrand' | 'amount' | 'currency' | 'status' | 'resultCode' | 'registrationId' | 'checkoutId' | 'responseJson' | 'pendingJson' | 'pendingKind' | 'merchantTransactionId' | 'fxQuote' | 'method' | 'cardLast4' | 'customerEmail'
> & { at: EpochMs };

export function initialRecord(r: InitialFields): PaymentRecord {
  return {
    id: r.id,
    entityId: r.entityId,
    paymentType: r.paymentType,
    paymentBrand: r.paymentBrand,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    resultCode: r.resultCode,
    referencedId: null,
    registrationId: r.registrationId,
    checkoutId: r.checkoutId,
    capturedAmount: 0,
    refundedAmount: 0,
    reversed: false,
    responseJson: r.responseJson,
    pendingJson: r.pendingJson,
    pendingKind: r.pendingKind,
    createdAt: r.at,
    updatedAt: r.at,
    merchantTransactionId: r.merchantTransactionId,
    fxQuote: r.fxQuote,
    method: r.method,
    cardLast4: r.cardLast4,
    customerEmail: r.customerEmail,
  };
}
