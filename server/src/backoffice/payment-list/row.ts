// A listed payment as the API answers it (PaymentRow, docs/back-office-api.md): the amount in the
// API's grammar with its currency, the time in epoch milliseconds, and of a card its last four
// digits only. A payment with an open chargeback reads `chargedBack`, as the status filter names it.

import { formatAmount } from '../../domain/money.js';
import type { ListedPayment } from '../../storage/store.js';

export interface PaymentRow {
  id: string;
  createdAt: number;
  entityId: string;
  paymentType: string;
  paymentBrand: string | null;
  method: string | null;
  amount: string;
  currency: string;
  status: 'success' | 'pending' | 'declined' | 'chargedBack';
  resultCode: string;
  merchantTransactionId: string | null;
  last4: string | null;
  email: string | null;
}

export function paymentRow(p: ListedPayment): PaymentRow {
  return {
    id: p.id,
    createdAt: p.createdAt,
    entityId: p.entityId,
    paymentType: p.paymentType,
    paymentBrand: p.paymentBrand,
    method: p.method,
    amount: formatAmount(p.amount),
    currency: p.currency,
    status: p.chargebackAmount > 0 ? 'chargedBack' : p.status,
    resultCode: p.resultCode,
    merchantTransactionId: p.merchantTransactionId,
    last4: p.cardLast4,
    email: p.customerEmail,
  };
}
