// One range's figures (today, or the last 30 days): what came in by currency, how many payments
// succeeded and how many were declined, the success rate, refunds and chargebacks.

import { formatMoney } from '../../format/money.js';
import { countOf, formatCount, formatLongDay, formatRate, formatTotals } from './home-format.js';
import type { HomeFigures } from './types.js';

export function HomeFiguresCard({ title, figures, id }: { title: string; figures: HomeFigures; id: string }) {
  const range = figures.firstDay === figures.lastDay ? formatLongDay(figures.firstDay) : `${formatLongDay(figures.firstDay)} – ${formatLongDay(figures.lastDay)}`;
  return (
    <section class="card home-figures" aria-labelledby={id}>
      <div class="card-head">
        <h2 id={id}>{title}</h2>
        <span class="muted small">{range} (UTC)</span>
      </div>
      <div class="home-volume">
        {figures.volume.length === 0 ? (
          <p class="big-amount">–</p>
        ) : (
          figures.volume.map((v) => (
            <p class="big-amount" key={v.currency}>
              {formatMoney(v.amount, v.currency)}
            </p>
          ))
        )}
        <p class="muted small">volume of successful payments</p>
      </div>
      <dl class="facts">
        <dt>Successful</dt>
        <dd class="num">{formatCount(figures.payments.succeeded)}</dd>
        <dt>Declined</dt>
        <dd class="num">{formatCount(figures.payments.declined)}</dd>
        <dt>Success rate</dt>
        <dd class="num">{formatRate(figures.successRate)}</dd>
        {figures.payments.pending > 0 && (
          <>
            <dt>Pending</dt>
            <dd class="num">{formatCount(figures.payments.pending)}</dd>
          </>
        )}
        <dt>Refunds</dt>
        <dd class="num">
          {formatCount(countOf(figures.refunds))}
          {figures.refunds.length > 0 && <span class="muted"> · {formatTotals(figures.refunds)}</span>}
        </dd>
        <dt>Chargebacks</dt>
        <dd class="num">
          {formatCount(countOf(figures.chargebacks))}
          {figures.chargebacks.length > 0 && <span class="muted"> · {formatTotals(figures.chargebacks)}</span>}
        </dd>
        {figures.chargebackReversals.length > 0 && (
          <>
            <dt>Chargebacks reversed</dt>
            <dd class="num">
              {formatCount(countOf(figures.chargebackReversals))}
              <span class="muted"> · {formatTotals(figures.chargebackReversals)}</span>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** Declines by result code group, today beside the 30 days. */
export function DeclinesCard({ today, month }: { today: HomeFigures; month: HomeFigures }) {
  const todayBy = new Map(today.declines.map((d) => [d.group, d.count]));
  return (
    <section class="card" aria-labelledby="home-declines">
      <h2 id="home-declines">Declines by reason</h2>
      {month.declines.length === 0 ? (
        <p class="muted">No declined payments in the last 30 days.</p>
      ) : (
        <div class="home-scroll">
          <table class="table compact home-table">
            <thead>
              <tr>
                <th scope="col">Result code group</th>
                <th scope="col" class="num">Today</th>
                <th scope="col" class="num">30 days</th>
              </tr>
            </thead>
            <tbody>
              {month.declines.map((d) => (
                <tr key={d.group}>
                  <th scope="row">{d.title}</th>
                  <td class="num" data-label="Today">{formatCount(todayBy.get(d.group) ?? 0)}</td>
                  <td class="num" data-label="30 days">{formatCount(d.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
