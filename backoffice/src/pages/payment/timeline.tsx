// The payment's family in order: the authorization or debit, then its captures, refunds,
// reversals, chargebacks and their reversals, a slip's confirmation, each with its result code
// and what the code means.

import type { TimelineRecord } from '../../api/types.js';
import { StatusBadge } from '../../components/badge.js';
import { formatPreciseTime } from '../../format/dates.js';
import { label, PAYMENT_TYPES } from '../../format/labels.js';
import { formatMoney } from '../../format/money.js';

export function Timeline({ records }: { records: readonly TimelineRecord[] }) {
  const ordered = [...records].sort((a, b) => a.createdAt - b.createdAt);
  return (
    <section class="card" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <ol class="timeline">
        {ordered.map((record) => (
          <li key={record.id} class={`timeline-item timeline-${record.status}`}>
            <div class="timeline-head">
              <strong>{label(PAYMENT_TYPES, record.paymentType)}</strong>
              <span class="amount">{formatMoney(record.amount, record.currency)}</span>
              <StatusBadge status={record.status} />
            </div>
            <p class="timeline-time">{formatPreciseTime(record.createdAt)}</p>
            <p class="timeline-result">
              <span class="mono">{record.resultCode}</span> {record.resultDescription}
            </p>
            <p class="timeline-id mono">{record.id}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
