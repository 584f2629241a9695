// What needs someone's attention, each item a link to the page where it is dealt with. Kinds the
// person's role cannot open are not in the answer, so not shown.

import type { ComponentChildren } from 'preact';
import { formatDateTime } from '../../format/dates.js';
import { formatMoney } from '../../format/money.js';
import { formatCount } from './home-format.js';
import type { Attention } from './types.js';

function Group({ title, total, more, children }: { title: ComponentChildren; total: number; more?: { href: string; label: string }; children: ComponentChildren }) {
  return (
    <li class="home-attention-group">
      <h3>
        {title} <span class="badge badge-declined">{formatCount(total)}</span>
      </h3>
      <ul class="plain-list">{children}</ul>
      {more && total > 0 && (
        <p class="small">
          <a href={more.href}>{more.label}</a>
        </p>
      )}
    </li>
  );
}

export function AttentionCard({ attention }: { attention: Attention }) {
  const { failingEndpoints, failedSchedules, openChargebacks, expiringSlips } = attention;
  const total = (failingEndpoints?.total ?? 0) + (failedSchedules?.total ?? 0) + (openChargebacks?.total ?? 0) + expiringSlips.total;
  return (
    <section class="card" aria-labelledby="home-attention">
      <h2 id="home-attention">Needs attention</h2>
      {total === 0 ? (
        <p class="muted">Nothing needs attention now.</p>
      ) : (
        <ul class="plain-list home-attention">
          {failingEndpoints && failingEndpoints.total > 0 && (
            <Group title="Failing webhook endpoints" total={failingEndpoints.total}>
              {failingEndpoints.items.map((e) => (
                <li key={e.endpointId}>
                  <a href={`/notifications/${e.endpointId}`} class="home-url">
                    {e.url}
                  </a>{' '}
                  <span class="muted small">
                    {e.reason === 'disabled' ? 'disabled: ' : 'failing: '}
                    {e.detail ?? (e.lastStatus !== null ? `answered ${e.lastStatus}` : 'no answer')}
                    {e.at !== null && `, ${formatDateTime(e.at)}`}
                  </span>
                </li>
              ))}
            </Group>
          )}
          {failedSchedules && failedSchedules.total > 0 && (
            <Group title="Schedules whose last charge failed" total={failedSchedules.total}>
              {failedSchedules.items.map((s) => (
                <li key={s.scheduleId}>
                  <a href={`/schedules/${s.scheduleId}`}>
                    {formatMoney(s.amount, s.currency)} on {formatDateTime(s.scheduledAt)}
                  </a>{' '}
                  <span class="muted small">
                    {s.status}
                    {s.resultCode && ` (${s.resultCode})`}
                  </span>
                </li>
              ))}
            </Group>
          )}
          {openChargebacks && openChargebacks.total > 0 && (
            <Group title="Open chargebacks" total={openChargebacks.total} more={{ href: '/chargebacks', label: 'All chargebacks' }}>
              {openChargebacks.items.map((c) => (
                <li key={c.paymentId}>
                  <a href={`/payments/${c.paymentId}`}>{formatMoney(c.amount, c.currency)} charged back</a> <span class="muted small">on a payment of {formatDateTime(c.createdAt)}</span>
                </li>
              ))}
            </Group>
          )}
          {expiringSlips.total > 0 && (
            <Group title={`Slips expiring within ${expiringSlips.windowHours} hours`} total={expiringSlips.total}>
              {expiringSlips.items.map((s) => (
                <li key={s.paymentId}>
                  <a href={`/payments/${s.paymentId}`}>{formatMoney(s.amount, s.currency)}</a> <span class="muted small">expires {formatDateTime(s.expiresAt)}</span>
                </li>
              ))}
            </Group>
          )}
        </ul>
      )}
    </section>
  );
}
