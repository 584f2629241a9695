// The settlement and chargeback answers of the back office API (docs/back-office-settlement.md).
// Amounts are strings of the API's amount grammar ("12.50", "-3.10" for a net below zero) beside
// their currency; days are yyyy-MM-dd (UTC business days); times are epoch ms.

export interface SettlementSums {
  currency: string;
  records: number;
  settled: string;
  refunded: string;
  fees: string;
  chargebacks: string;
  chargebackReversals: string;
  net: string;
}

export interface SettlementTotal extends SettlementSums {
  days: number;
}

export interface Aggregation extends SettlementSums {
  id: string;
  entityId: string;
  day: string;
  settlementDate: string;
  status: string;
  fileSha256?: string;
}

export interface SettlementListing {
  from: string;
  to: string;
  totals: SettlementTotal[];
  aggregations: Aggregation[];
}

export interface SettlementRecord {
  seq: number;
  reconciliationType: string;
  paymentType: string;
  /** The record's payment (a follow-up's own id: its page shows the payment it belongs to). */
  id: string;
  merchantTransactionId?: string;
  amount: string;
  currency: string;
  paymentBrand?: string;
  requestedAt: number;
  settlement: { cashflow: 'POS' | 'NEG'; amount: string; currency: string; fee?: string; fxRate: string; date: string; status: string };
  result?: { code: string; description?: string };
  matchingStatus: string;
  chargebackId?: string;
}

export interface AggregationDetail {
  aggregation: Aggregation;
  records: SettlementRecord[];
  page: number;
  pages: number;
  total: number;
}

export interface FeeRow {
  brand: string;
  percent: string;
  fixed: string;
}

export interface UsedQuote {
  id: string;
  entityId: string;
  sourceCurrency: string;
  targetCurrency: string;
  rate: string;
  createdAt: number;
  validUntil: number;
  usedAt: number;
  paymentId: string;
}

export interface Chargeback {
  id: string;
  entityId: string;
  state: 'open' | 'closed';
  createdAt: number;
  amount: string;
  currency: string;
  reason: { code: string; description: string };
  settlementDate: string | null;
  payment: {
    id: string;
    paymentType: string;
    paymentBrand: string | null;
    amount: string;
    currency: string;
    createdAt: number;
    merchantTransactionId: string | null;
    cardLast4: string | null;
  };
  reversal: { id: string; amount: string; createdAt: number } | null;
}
