// The settlement fee table of each channel shown: a percentage and a fixed amount per card brand,
// `*` for any other brand. Read only here; admins change it with the channel's settings.

import { api, query } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { useLoad } from '../../components/use-load.js';
import { formatPercent } from './day.js';
import type { FeeRow } from './types.js';

export function FeeTables({ channels }: { channels: readonly Channel[] }) {
  return (
    <section class="card" aria-labelledby="settlement-fees">
      <h2 id="settlement-fees">Fees</h2>
      <p class="hint">What settlement deducts from each payment: a percentage plus a fixed amount in the settlement currency. Admins change it in the channel's settings.</p>
      {channels.map((c) => (
        <FeeTable key={c.entityId} channel={c} named={channels.length > 1} />
      ))}
    </section>
  );
}

function FeeTable({ channel, named }: { channel: Channel; named: boolean }) {
  const fees = useLoad(() => api<{ fees: FeeRow[] }>('GET', `/settlement/fees${query({ channel: channel.entityId })}`), [channel.entityId]);
  const title = named ? <h3 class="settlement-subhead">{channel.name}</h3> : null;
  if (fees.loading && !fees.data) return <Loading what="the fee table" />;
  if (fees.error) return <ErrorNotice error={fees.error} />;
  const rows = fees.data?.fees ?? [];
  return (
    <>
      {title}
      {rows.length === 0 ? (
        <p class="muted">No fees: settlement deducts nothing.</p>
      ) : (
        <table class="table compact settlement-fee-table">
          <caption class="visually-hidden">Fee table{named ? ` of ${channel.name}` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col" class="num">Percentage</th>
              <th scope="col" class="num">Fixed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.brand}>
                <td data-label="Brand">{r.brand === '*' ? 'Any other brand' : r.brand}</td>
                <td data-label="Percentage" class="num">
                  {formatPercent(r.percent)}
                </td>
                <td data-label="Fixed" class="num">
                  {r.fixed}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
