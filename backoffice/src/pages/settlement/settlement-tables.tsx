// The settlement page's two tables: the totals of the range per currency, and each settled day and
// currency (the day links to its records). Below 700 px each row becomes a card (styles).

import type { Channel } from '../../api/types.js';
import { formatMoney } from '../../format/money.js';
import { formatDay } from './day.js';
import type { Aggregation, SettlementTotal } from './types.js';

export function TotalsTable({ totals }: { totals: readonly SettlementTotal[] }) {
  return (
    <table class="table compact">
      <caption class="visually-hidden">Totals of the range per settlement currency</caption>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col" class="num">Days</th>
          <th scope="col" class="num">Settled</th>
          <th scope="col" class="num">Refunded</th>
          <th scope="col" class="num">Fees</th>
          <th scope="col" class="num">Chargebacks</th>
          <th scope="col" class="num">Reversed</th>
          <th scope="col" class="num">Net</th>
        </tr>
      </thead>
      <tbody>
        {totals.map((t) => (
          <tr key={t.currency}>
            <td data-label="Currency" class="amount">
              {t.currency}
            </td>
            <td data-label="Days" class="num">
              {t.days}
            </td>
            <Sums row={t} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DaysTable({ aggregations, channels }: { aggregations: readonly Aggregation[]; channels: readonly Channel[] }) {
  const showChannel = channels.length > 1;
  const channelName = (entityId: string) => channels.find((c) => c.entityId === entityId)?.name ?? entityId;
  return (
    <table class="table compact">
      <caption class="visually-hidden">Settled days, newest first; each day opens its records</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          {showChannel && <th scope="col">Channel</th>}
          <th scope="col">Currency</th>
          <th scope="col" class="num">Records</th>
          <th scope="col" class="num">Settled</th>
          <th scope="col" class="num">Refunded</th>
          <th scope="col" class="num">Fees</th>
          <th scope="col" class="num">Chargebacks</th>
          <th scope="col" class="num">Reversed</th>
          <th scope="col" class="num">Net</th>
        </tr>
      </thead>
      <tbody>
        {aggregations.map((a) => (
          <tr key={a.id}>
            <td data-label="Day">
              <a href={`/settlement/${encodeURIComponent(a.id)}`} class="row-link">
                {formatDay(a.day)}
                <span class="visually-hidden">, {a.currency}</span>
              </a>
            </td>
            {showChannel && <td data-label="Channel">{channelName(a.entityId)}</td>}
            <td data-label="Currency">{a.currency}</td>
            <td data-label="Records" class="num">
              {a.records}
            </td>
            <Sums row={a} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Sums({ row }: { row: SettlementTotal | Aggregation }) {
  const money = (amount: string) => formatMoney(amount, row.currency);
  return (
    <>
      <td data-label="Settled" class="num">
        {money(row.settled)}
      </td>
      <td data-label="Refunded" class="num">
        {money(row.refunded)}
      </td>
      <td data-label="Fees" class="num">
        {money(row.fees)}
      </td>
      <td data-label="Chargebacks" class="num">
        {money(row.chargebacks)}
      </td>
      <td data-label="Reversed" class="num">
        {money(row.chargebackReversals)}
      </td>
      <td data-label="Net" class="num amount">
        {money(row.net)}
      </td>
    </>
  );
}
