// A record that references a payment and succeeds as it is written: a capture, refund or reversal,
// a chargeback or its reversal, a voucher slip's confirmation. Its brand, currency, order and
// quoted rate are the payment's (and its method, card's last four and customer's e-mail, so the
// back office finds the family by them), so it is reported and settled with the payment it belongs to.

import { inheritedListing } from './payment-listing.js';
import type { EpochMs, PaymentRecord } from './records.js';

export interface ReferencingFields {
  id: string;
  paymentType: string;
  amount: number;
  resultCode: string;
  responseJson: string;
  at: EpochMs;
  /** The record's own order reference; the payment's when it has none. */
  merchantTransactionId?: string | undefined;
}

export function referencingRecord(payment: PaymentRecord, r: ReferencingFields): PaymentRecord {
  return {
    id: r.id,
    entityId: payment.entityId,
    paymentType: r.paymentType,
    paymentBrand: payment.paymentBrand,
    amount: r.amount,
    currency: payment.currency,
    status: 'success',
    resultCode: r.resultCode,
    referencedId: payment.id,
    registrationId: null,
    checkoutId: null,
    capturedAmount: 0,
    refundedAmount: 0,
    reversed: false,
    responseJson: r.responseJson,
    pendingJson: null,
    pendingKind: null,
    createdAt: r.at,
    updatedAt: r.at,
    merchantTransactionId: r.merchantTransactionId ?? payment.merchantTransactionId ?? null,
    fxQuote: payment.fxQuote ?? null,
    ...inheritedListing(payment),
  };
}
