// The currency quotes payments used within the range, newest first, each with its rate and the
// payment it priced; more pages on request (the API's keyset cursor).

import { useEffect, useState } from 'preact/hooks';
import { api, query } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { asApiError, useLoad } from '../../components/use-load.js';
import { formatDateTime } from '../../format/dates.js';
import type { UsedQuote } from './types.js';

interface Listing {
  quotes: UsedQuote[];
  next?: string;
}

const PAGE_SIZE = '20';

export function QuotesCard({ from, to, channel, channels }: { from: string; to: string; channel: string | undefined; channels: readonly Channel[] }) {
  const filters = { from, to, channel, limit: PAGE_SIZE };
  const key = query(filters);
  const first = useLoad(() => api<Listing>('GET', `/settlement/quotes${key}`), [key]);
  const [more, setMore] = useState<Listing[]>([]);
  const [moreError, setMoreError] = useState<{ message: string }>();
  useEffect(() => setMore([]), [key]);
  const pages = first.data ? [first.data, ...more] : [];
  const quotes = pages.flatMap((p) => p.quotes);
  const next = pages.at(-1)?.next;
  const loadMore = async () => {
    if (!next) return;
    try {
      const page = await api<Listing>('GET', `/settlement/quotes${query({ ...filters, cursor: next })}`);
      setMore((m) => [...m, page]);
    } catch (e) {
      setMoreError(asApiError(e));
    }
  };
  const channelName = (entityId: string) => channels.find((c) => c.entityId === entityId)?.name ?? entityId;

  return (
    <section class="card" aria-labelledby="settlement-quotes">
      <h2 id="settlement-quotes">Currency quotes used</h2>
      <ErrorNotice error={first.error} />
      {first.loading && !first.data ? (
        <Loading what="quotes" />
      ) : quotes.length === 0 ? (
        <p class="muted">No payment used a currency quote in this range.</p>
      ) : (
        <table class="table compact">
          <caption class="visually-hidden">Currency quotes used, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Used</th>
              <th scope="col">Currencies</th>
              <th scope="col" class="num">Rate</th>
              {channels.length > 1 && <th scope="col">Channel</th>}
            </tr>
          </thead>
          <tbody>
            {quotes.map((q) => (
              <tr key={q.id}>
                <td data-label="Used">
                  <a href={`/payments/${encodeURIComponent(q.paymentId)}`} class="row-link">
                    {formatDateTime(q.usedAt)}
                    <span class="visually-hidden">, the payment it priced</span>
                  </a>
                </td>
                <td data-label="Currencies">
                  {q.sourceCurrency} → {q.targetCurrency}
                </td>
                <td data-label="Rate" class="num mono">
                  {q.rate}
                </td>
                {channels.length > 1 && <td data-label="Channel">{channelName(q.entityId)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorNotice error={moreError} />
      {next && (
        <p class="load-more">
          <button type="button" class="button" onClick={loadMore}>
            Load more
          </button>
        </p>
      )}
    </section>
  );
}
