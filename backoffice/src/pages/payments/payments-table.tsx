// The payments as a table on a wide screen; below 700 px each row becomes a card (styles), its
// cells labelled by data-label. The date links to the payment, so a keyboard reaches every row.

import type { Channel, PaymentRow } from '../../api/types.js';
import { StatusBadge } from '../../components/badge.js';
import { formatDateTime } from '../../format/dates.js';
import { label, METHODS, PAYMENT_TYPES } from '../../format/labels.js';
import { formatMoney } from '../../format/money.js';

export function PaymentsTable({ rows, channels }: { rows: readonly PaymentRow[]; channels: readonly Channel[] }) {
  const channelName = (entityId: string) => channels.find((c) => c.entityId === entityId)?.name ?? entityId;
  const showChannel = channels.length > 1;
  return (
    <table class="table payments-table">
      <caption class="visually-hidden">Payments, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col" class="num">
            Amount
          </th>
          <th scope="col">Status</th>
          <th scope="col">Type</th>
          <th scope="col">Method</th>
          <th scope="col">Customer</th>
          <th scope="col">Order</th>
          {showChannel && <th scope="col">Channel</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td data-label="Date">
              <a href={`/payments/${encodeURIComponent(row.id)}`} class="row-link">
                {formatDateTime(row.createdAt)}
                <span class="visually-hidden">, {formatMoney(row.amount, row.currency)}</span>
              </a>
            </td>
            <td data-label="Amount" class="num amount">
              {formatMoney(row.amount, row.currency)}
            </td>
            <td data-label="Status">
              <StatusBadge status={row.status} />
            </td>
            <td data-label="Type">{label(PAYMENT_TYPES, row.paymentType)}</td>
            <td data-label="Method">
              <MethodCell row={row} />
            </td>
            <td data-label="Customer" class="wrap">
              {row.email ?? '—'}
            </td>
            <td data-label="Order" class="mono wrap">
              {row.merchantTransactionId ?? '—'}
            </td>
            {showChannel && <td data-label="Channel">{channelName(row.entityId)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MethodCell({ row }: { row: PaymentRow }) {
  const brand = row.paymentBrand ?? (row.method ? label(METHODS, row.method) : '—');
  return (
    <span class="method">
      {brand}
      {row.last4 && (
        <span class="mono">
          {' '}
          ···· {row.last4}
        </span>
      )}
    </span>
  );
}
