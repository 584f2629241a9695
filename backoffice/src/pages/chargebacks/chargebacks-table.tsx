// The chargebacks as a table (cards below 700 px): when it came and how much, the payment it
// charges back (a link; the card's last four digits at most), the reason, its state, the reversal
// that closed it and the day it was settled.

import type { Channel } from '../../api/types.js';
import { Badge } from '../../components/badge.js';
import { formatDateTime } from '../../format/dates.js';
import { label, PAYMENT_TYPES } from '../../format/labels.js';
import { formatMoney } from '../../format/money.js';
import { formatDay } from '../settlement/day.js';
import type { Chargeback } from '../settlement/types.js';

export function ChargebacksTable({ rows, channels }: { rows: readonly Chargeback[]; channels: readonly Channel[] }) {
  const showChannel = channels.length > 1;
  const channelName = (entityId: string) => channels.find((c) => c.entityId === entityId)?.name ?? entityId;
  return (
    <table class="table">
      <caption class="visually-hidden">Chargebacks, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Received</th>
          <th scope="col" class="num">Amount</th>
          <th scope="col">Reason</th>
          <th scope="col">Payment</th>
          <th scope="col">State</th>
          <th scope="col">Reversal</th>
          <th scope="col">Settled</th>
          {showChannel && <th scope="col">Channel</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id}>
            <td data-label="Received">{formatDateTime(c.createdAt)}</td>
            <td data-label="Amount" class="num amount">
              {formatMoney(c.amount, c.currency)}
            </td>
            <td data-label="Reason">
              {/* One box beside the label on a small screen, so the code does not break apart. */}
              <span>
                {c.reason.description} <span class="muted mono small">{c.reason.code}</span>
              </span>
            </td>
            <td data-label="Payment">
              <div>
              <a href={`/payments/${encodeURIComponent(c.payment.id)}`} class="row-link">
                {label(PAYMENT_TYPES, c.payment.paymentType)} of {formatMoney(c.payment.amount, c.payment.currency)}
              </a>
              <span class="settlement-payment-facts muted small">
                {formatDateTime(c.payment.createdAt)}
                {c.payment.paymentBrand ? ` · ${c.payment.paymentBrand}` : ''}
                {c.payment.cardLast4 ? ` ···· ${c.payment.cardLast4}` : ''}
                {c.payment.merchantTransactionId ? ` · order ${c.payment.merchantTransactionId}` : ''}
              </span>
              </div>
            </td>
            <td data-label="State">{c.state === 'open' ? <Badge tone="bad">Open</Badge> : <Badge tone="ok">Reversed</Badge>}</td>
            <td data-label="Reversal">{c.reversal ? `${formatMoney(c.reversal.amount, c.currency)}, ${formatDateTime(c.reversal.createdAt)}` : '—'}</td>
            <td data-label="Settled">{c.settlementDate ? formatDay(c.settlementDate) : <span class="muted">Not yet</span>}</td>
            {showChannel && <td data-label="Channel">{channelName(c.entityId)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
