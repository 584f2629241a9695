// The settlement pages' answers: an aggregation and the totals of a range in the amounts of the
// API's settlement reports (reports/aggregations.ts), a record as the API's v2 gives it, a channel's
// fee table as the CLI writes it, a used currency quote.

import { formatAmount } from '../../domain/money.js';
import type { SettlementFee } from '../../domain/records.js';
import { recordView } from '../../reports/aggregations.js';
import type { Aggregation, FxQuote, ReconciliationRecord } from '../../storage/store.js';

/** A signed total as the API writes amounts: minor units with two decimals, '-' when negative. */
export function signedAmount(minor: number): string {
  return minor < 0 ? `-${formatAmount(-minor)}` : formatAmount(minor);
}

export function aggregationView(a: Aggregation): Record<string, unknown> {
  return {
    id: a.id,
    entityId: a.entity_id,
    day: a.day,
    settlementDate: a.settlement_date,
    currency: a.currency,
    status: a.status,
    records: Number(a.record_count),
    settled: formatAmount(Number(a.settled_amount)),
    refunded: formatAmount(Number(a.refunded_amount)),
    fees: formatAmount(Number(a.fee_amount)),
    chargebacks: formatAmount(Number(a.chargeback_amount)),
    chargebackReversals: formatAmount(Number(a.chargeback_reversal_amount)),
    net: signedAmount(Number(a.net_amount)),
    ...(a.file_sha256 !== null ? { fileSha256: a.file_sha256 } : {}),
  };
}

/** The sums of a range's aggregations, one row per settlement currency (alphabetical), in minor units until shown. */
export function totalsByCurrency(aggregations: readonly Aggregation[]): Record<string, unknown>[] {
  const sums = new Map<string, { days: Set<string>; records: number; settled: number; refunded: number; fees: number; chargebacks: number; reversals: number; net: number }>();
  for (const a of aggregations) {
    let s = sums.get(a.currency);
    if (!s) sums.set(a.currency, (s = { days: new Set(), records: 0, settled: 0, refunded: 0, fees: 0, chargebacks: 0, reversals: 0, net: 0 }));
    s.days.add(a.day);
    s.records += Number(a.record_count);
    s.settled += Number(a.settled_amount);
    s.refunded += Number(a.refunded_amount);
    s.fees += Number(a.fee_amount);
    s.chargebacks += Number(a.chargeback_amount);
    s.reversals += Number(a.chargeback_reversal_amount);
    s.net += Number(a.net_amount);
  }
  return [...sums]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, s]) => ({
      currency,
      days: s.days.size,
      records: s.records,
      settled: formatAmount(s.settled),
      refunded: formatAmount(s.refunded),
      fees: formatAmount(s.fees),
      chargebacks: formatAmount(s.chargebacks),
      chargebackReversals: formatAmount(s.reversals),
      net: signedAmount(s.net),
    }));
}

/** A record as the API's aggregation detail gives it, with its request time as epoch milliseconds for the page. */
export function settlementRecordView(r: ReconciliationRecord): Record<string, unknown> {
  return { seq: Number(r.seq), ...recordView(r), requestedAt: Number(r.tx_request_time) };
}

/** A fee table's rows: a brand's percentage (two decimals) and fixed amount (minor units as the API writes them), `*` last. */
export function feeRows(table: Readonly<Record<string, SettlementFee>> | undefined): Record<string, string>[] {
  const brands = Object.keys(table ?? {}).sort((a, b) => (a === '*' ? 1 : b === '*' ? -1 : a < b ? -1 : a > b ? 1 : 0));
  return brands.map((brand) => {
    const row = table![brand]!;
    return { brand, percent: formatAmount(row.basisPoints), fixed: formatAmount(row.fixed) };
  });
}

export function usedQuoteView(q: FxQuote): Record<string, unknown> {
  return {
    id: q.id,
    entityId: q.entityId,
    sourceCurrency: q.sourceCurrency,
    targetCurrency: q.targetCurrency,
    rate: q.rate,
    createdAt: q.createdAt,
    validUntil: q.validUntil,
    usedAt: q.usedAt,
    paymentId: q.paymentId,
  };
}
