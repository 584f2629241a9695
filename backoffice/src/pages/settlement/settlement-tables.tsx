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
          <SumHeaders />
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
          <SumHeaders />
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

/** The sums' columns, in the order of their headers (SumHeaders) and cells (Sums). */
const SUM_COLUMNS = [
  { label: 'Settled', of: (r: SettlementTotal | Aggregation) => r.settled },
  { label: 'Refunded', of: (r: SettlementTotal | Aggregation) => r.refunded },
  { label: 'Fees', of: (r: SettlementTotal | Aggregation) => r.fees },
  { label: 'Chargebacks', of: (r: SettlementTotal | Aggregation) => r.chargebacks },
  { label: 'Reversed', of: (r: SettlementTotal | Aggregation) => r.chargebackReversals },
  { label: 'Net', of: (r: SettlementTotal | Aggregation) => r.net },
] as const;

function SumHeaders() {
  return (
    <>
      {SUM_COLUMNS.map((c) => (
        <th key={c.label} scope="col" class="num">
          {c.label}
        </th>
      ))}
    </>
  );
}

function Sums({ row }: { row: SettlementTotal | Aggregation }) {
  return (
    <>
      {SUM_COLUMNS.map((c) => (
        <td key={c.label} data-label={c.label} class={c.label === 'Net' ? 'num amount' : 'num'}>
          {formatMoney(c.of(row), row.currency)}
        </td>
      ))}
    </>
  );
}
