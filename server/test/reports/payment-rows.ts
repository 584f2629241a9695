// Payment records written straight through the store, for tests that need many payments, or
// records no route makes yet (RC confirmations, CB chargebacks, CR chargeback reversals).

import { newPaymentId } from '../../src/domain/ids.js';
import type { PaymentFxQuote, PaymentRecord } from '../../src/domain/records.js';
import { formatAmount } from '../../src/domain/money.js';

export interface PaymentRow {
  entityId: string;
  createdAt: number;
  paymentType?: string;
  paymentBrand?: string | null;
  amount?: number;
  currency?: string;
  status?: PaymentRecord['status'];
  resultCode?: string;
  referencedId?: string | null;
  merchantTransactionId?: string;
  fxQuote?: PaymentFxQuote;
  /** Extra fields of the stored answer (descriptor, card, result description). */
  answer?: Record<string, unknown>;
  id?: string;
}

export function paymentRecord(row: PaymentRow): PaymentRecord {
  const id = row.id ?? newPaymentId(row.createdAt);
  const paymentType = row.paymentType ?? 'DB';
  const amount = row.amount ?? 1000;
  const currency = row.currency ?? 'EUR';
  const resultCode = row.resultCode ?? '000.100.110';
  const body = {
    id,
    paymentType,
    paymentBrand: row.paymentBrand === undefined ? 'VISA' : row.paymentBrand,
    amount: formatAmount(amount),
    currency,
    ...(row.referencedId ? { referencedId: row.referencedId } : {}),
    ...(row.merchantTransactionId ? { merchantTransactionId: row.merchantTransactionId } : {}),
    result: { code: resultCode },
    ...row.answer,
  };
  return {
    id,
    entityId: row.entityId,
    paymentType,
    paymentBrand: row.paymentBrand === undefined ? 'VISA' : row.paymentBrand,
    amount,
    currency,
    status: row.status ?? 'success',
    resultCode,
    referencedId: row.referencedId ?? null,
    registrationId: null,
    checkoutId: null,
    capturedAmount: 0,
    refundedAmount: 0,
    reversed: false,
    responseJson: JSON.stringify(body),
    pendingJson: null,
    pendingKind: null,
    createdAt: row.createdAt,
    updatedAt: row.createdAt,
    ...(row.merchantTransactionId ? { merchantTransactionId: row.merchantTransactionId } : {}),
    ...(row.fxQuote ? { fxQuote: row.fxQuote } : {}),
  };
}
