// An aggregation's reconciliation records: what kind of record, the payment it settles (a link),
// its time and amounts, the rate it was settled at, and a chargeback's reason.

import { formatDateTime } from '../../format/dates.js';
import { label, PAYMENT_TYPES } from '../../format/labels.js';
import { formatMoney } from '../../format/money.js';
import type { SettlementRecord } from './types.js';

/** The reconciliation types in words. */
const RECORD_TYPES: Record<string, string> = {
  SETTLED: 'Settled',
  FEE: 'Fee',
  CHARGEBACK: 'Chargeback',
  'CHARGEBACK REVERSAL': 'Chargeback reversed',
};

export function RecordsTable({ records }: { records: readonly SettlementRecord[] }) {
  return (
    <table class="table compact">
      <caption class="visually-hidden">Reconciliation records in the file's order</caption>
      <thead>
        <tr>
          <th scope="col">Record</th>
          <th scope="col">Payment</th>
          <th scope="col">Time</th>
          <th scope="col" class="num">Amount</th>
          <th scope="col" class="num">Settled</th>
          <th scope="col" class="num">Rate</th>
          <th scope="col">Order</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={r.seq}>
            <td data-label="Record">{label(RECORD_TYPES, r.reconciliationType)}</td>
            <td data-label="Payment">
              <a href={`/payments/${encodeURIComponent(r.id)}`} class="row-link">
                {label(PAYMENT_TYPES, r.paymentType)}
                {r.paymentBrand ? ` · ${r.paymentBrand}` : ''}
                <span class="visually-hidden">, {r.reconciliationType === 'FEE' ? 'fee record' : 'record'} {r.seq}</span>
              </a>
            </td>
            <td data-label="Time">{formatDateTime(r.requestedAt)}</td>
            <td data-label="Amount" class="num">
              {formatMoney(r.amount, r.currency)}
            </td>
            <td data-label="Settled" class="num amount">
              {r.settlement.cashflow === 'NEG' ? '−' : ''}
              {formatMoney(r.settlement.amount, r.settlement.currency)}
            </td>
            <td data-label="Rate" class="num mono">
              {r.settlement.fxRate}
            </td>
            <td data-label="Order" class="mono wrap">
              {r.merchantTransactionId ?? '—'}
            </td>
            <td data-label="Reason" class="wrap">
              {/* A reversal's result is its success, not a reason: only a chargeback has one to show. */}
              {r.reconciliationType === 'CHARGEBACK' && r.result ? `${r.result.description ?? ''} (${r.result.code})` : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
