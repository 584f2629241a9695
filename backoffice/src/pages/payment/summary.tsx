// The head of a payment's page: its amount and state at a glance, then the facts support asks
// for (ids to quote, the order number, the result code with its meaning).

import type { PaymentDetail } from '../../api/types.js';
import { StatusBadge } from '../../components/badge.js';
import { CopyButton } from '../../components/copy-button.js';
import { formatDateTime } from '../../format/dates.js';
import { label, METHODS, PAYMENT_TYPES } from '../../format/labels.js';
import { formatMoney } from '../../format/money.js';

export function Summary({ payment, checkout }: { payment: PaymentDetail['payment']; checkout: PaymentDetail['checkout'] }) {
  return (
    <section class="card summary" aria-label="Summary">
      <div class="summary-head">
        <p class="big-amount">{formatMoney(payment.amount, payment.currency)}</p>
        <StatusBadge status={payment.status} />
      </div>
      <dl class="facts">
        <dt>Payment id</dt>
        <dd class="mono">
          {payment.id} <CopyButton value={payment.id} what="payment id" />
        </dd>
        <dt>Date</dt>
        <dd>{formatDateTime(payment.createdAt)}</dd>
        <dt>Type</dt>
        <dd>
          {label(PAYMENT_TYPES, payment.paymentType)} <span class="muted">({payment.paymentType})</span>
        </dd>
        <dt>Method</dt>
        <dd>{[payment.paymentBrand, payment.method && label(METHODS, payment.method)].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Result</dt>
        <dd>
          <span class="mono">{payment.resultCode}</span> <span class="muted">{payment.resultDescription}</span>
        </dd>
        <dt>Order</dt>
        <dd class="mono">{payment.merchantTransactionId ?? '—'}</dd>
        <dt>Channel</dt>
        <dd class="mono">{payment.entityId}</dd>
        {checkout && (
          <>
            <dt>Checkout</dt>
            <dd>
              <span class="mono">{checkout.id}</span> <span class="muted">· {checkout.status} · {formatDateTime(checkout.createdAt)}</span>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
