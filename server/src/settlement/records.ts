// One settled day of one entity, in one settlement currency, as an aggregation and its
// reconciliation records: each payment becomes a record of its type's rule (domain/reconciliation-types.ts),
// a fee-bearing one is followed by its FEE record, and the totals are the sums of the records.

import { newPaymentId } from '../domain/ids.js';
import type { EpochMs, SettlementFee } from '../domain/records.js';
import { convertBack } from '../quotes/rates.js';
import type { Aggregation, ReconciliationRecord, SettlementCandidate } from '../storage/store.js';
import { feeOf } from './fees.js';
import { SETTLEMENT_RULES, type MatchingStatus } from '../domain/reconciliation-types.js';

/** The settlement rate of a payment settled in its own currency. */
export const NO_FX_RATE = '1.00';

interface StoredAnswer {
  descriptor?: string;
  card?: { last4Digits?: string; holder?: string };
  bankAccount?: { number?: string; holder?: string };
  resultDetails?: { ConnectorTxID1?: string };
  result?: { description?: string };
  /** A chargeback reversal's chargeback (payments/chargeback.ts). */
  chargebackId?: string;
}

function parseStoredAnswer(json: string): StoredAnswer {
  try {
    return JSON.parse(json) as StoredAnswer;
  } catch {
    return {};
  }
}

/** The rate a candidate settles at, and the currency: its own quote's, else its reference's. */
export function settlementTermsOf(c: SettlementCandidate): { currency: string; fxRate: string | null } {
  if (c.fxRate !== null) return { currency: c.settlementCurrency ?? c.currency, fxRate: c.fxRate };
  if (c.referencedFxRate !== null) return { currency: c.referencedSettlementCurrency ?? c.currency, fxRate: c.referencedFxRate };
  return { currency: c.currency, fxRate: null };
}

export interface SettledDay {
  aggregation: Aggregation;
  records: ReconciliationRecord[];
  paymentIds: string[];
}

/** The aggregation of one settlement currency's candidates (all of them in that currency). */
export function settleCandidates(
  entityId: string,
  day: string,
  settlementDate: string,
  currency: string,
  candidates: readonly SettlementCandidate[],
  fees: Readonly<Record<string, SettlementFee>> | undefined,
  now: EpochMs,
): SettledDay {
  const aggregationId = newPaymentId(now);
  const records: ReconciliationRecord[] = [];
  const totals = { settled: 0, refunded: 0, fee: 0, chargeback: 0, reversal: 0 };
  // A merchant reference on more than one incoming payment of the day needs a person to look.
  const referenceCount = new Map<string, number>();
  for (const c of candidates) {
    if (c.merchantTransactionId !== null && SETTLEMENT_RULES[c.paymentType]?.cashflow === 'POS') referenceCount.set(c.merchantTransactionId, (referenceCount.get(c.merchantTransactionId) ?? 0) + 1);
  }
  for (const c of candidates) {
    const rule = SETTLEMENT_RULES[c.paymentType];
    if (!rule) continue;
    const terms = settlementTermsOf(c);
    const settlementAmount = terms.fxRate === null ? c.amount : convertBack(c.amount, terms.fxRate);
    const answer = parseStoredAnswer(c.responseJson);
    const isChargeback = rule.reconciliationType !== 'SETTLED';
    let matching: MatchingStatus = 'MATCHED';
    if (c.referencedId !== null && c.referencedType === null) matching = 'NOT_MATCHED';
    else if (c.merchantTransactionId !== null && (referenceCount.get(c.merchantTransactionId) ?? 0) > 1 && rule.cashflow === 'POS') matching = 'MULTIPLE_MATCHES';
    const base: ReconciliationRecord = {
      aggregation_id: aggregationId,
      seq: records.length + 1,
      entity_id: entityId,
      day,
      reconciliation_type: rule.reconciliationType,
      payment_id: c.id,
      payment_type: c.paymentType,
      cashflow: rule.cashflow,
      amount: c.amount,
      currency: c.currency,
      brand: c.paymentBrand,
      tx_request_time: c.createdAt,
      settlement_amount: settlementAmount,
      settlement_currency: currency,
      settlement_fee: null,
      fx_rate: terms.fxRate ?? NO_FX_RATE,
      settlement_date: settlementDate,
      settlement_status: 'SUCCESS',
      merchant_transaction_id: c.merchantTransactionId,
      descriptor: answer.descriptor ?? null,
      account_last4: answer.card?.last4Digits ?? answer.bankAccount?.number?.slice(-4) ?? null,
      account_holder: answer.card?.holder ?? answer.bankAccount?.holder ?? null,
      connector_tx_id1: answer.resultDetails?.ConnectorTxID1 ?? null,
      reason_code: isChargeback ? c.resultCode : null,
      reason_desc: isChargeback ? (answer.result?.description ?? null) : null,
      matching_status: matching,
      matched_transactions: c.referencedId,
      // A simulator's CR references the payment and names its chargeback in its answer.
      chargeback_id: c.paymentType === 'CB' ? c.id : c.referencedType === 'CB' ? c.referencedId : c.paymentType === 'CR' ? (answer.chargebackId ?? null) : null,
    };
    records.push(base);
    if (rule.reconciliationType === 'SETTLED') {
      if (rule.cashflow === 'POS') totals.settled += settlementAmount;
      else totals.refunded += settlementAmount;
    } else if (rule.reconciliationType === 'CHARGEBACK') totals.chargeback += settlementAmount;
    else totals.reversal += settlementAmount;

    const fee = rule.fee ? feeOf(fees, c.paymentBrand, settlementAmount) : 0;
    if (fee > 0) {
      records.push({ ...base, seq: records.length + 1, reconciliation_type: 'FEE', cashflow: 'NEG', settlement_amount: fee, settlement_fee: fee, matching_status: 'MATCHED', reason_code: null, reason_desc: null });
      totals.fee += fee;
    }
  }
  return {
    aggregation: {
      id: aggregationId,
      entity_id: entityId,
      currency,
      day,
      settlement_date: settlementDate,
      status: 'SUCCESS',
      record_count: records.length,
      settled_amount: totals.settled,
      refunded_amount: totals.refunded,
      fee_amount: totals.fee,
      chargeback_amount: totals.chargeback,
      chargeback_reversal_amount: totals.reversal,
      net_amount: totals.settled - totals.refunded - totals.fee - totals.chargeback + totals.reversal,
      file_sha256: null,
      created_at: now,
    },
    records,
    paymentIds: candidates.filter((c) => SETTLEMENT_RULES[c.paymentType]).map((c) => c.id),
  };
}
