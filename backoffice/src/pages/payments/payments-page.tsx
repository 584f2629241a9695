// The payments list: one search box, the filters, newest first, and "Load more" pages that hold
// still while payments arrive (the API's keyset cursor). The CSV export takes the same filters.

import { useLocation } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { api, query } from '../../api/client.js';
import type { Channel, PaymentRow } from '../../api/types.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { asApiError, useLoad } from '../../components/use-load.js';
import { filtersOf, type Filters } from './filter-query.js';
import { PaymentFilters } from './payment-filters.js';
import { PaymentsTable } from './payments-table.js';

const PAGE_SIZE = '50';

interface Listing {
  payments: PaymentRow[];
  next?: string;
}

export function PaymentsPage() {
  const location = useLocation();
  const filters = filtersOf(location.query);
  const key = query(filters);
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []);
  const first = useLoad(() => api<Listing>('GET', `/payments${query({ ...filters, limit: PAGE_SIZE })}`), [key]);
  const [more, setMore] = useState<Listing[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<{ message: string }>();
  useEffect(() => setMore([]), [key]);

  const pages = first.data ? [first.data, ...more] : [];
  const rows = pages.flatMap((p) => p.payments);
  const next = pages.at(-1)?.next;

  const loadMore = async () => {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await api<Listing>('GET', `/payments${query({ ...filters, limit: PAGE_SIZE, after: next })}`);
      setMore((m) => [...m, page]);
    } catch (e) {
      setMoreError(asApiError(e));
    } finally {
      setLoadingMore(false);
    }
  };

  const apply = (next: Filters) => location.route(`/payments${query(next)}`);
  const exportHref = `/api/payments/export.csv${key}`;

  return (
    <Page
      title="Payments"
      actions={
        <a class="button" href={exportHref} download>
          Export CSV
        </a>
      }
    >
      <PaymentFilters filters={filters} channels={channels.data?.channels ?? []} onApply={apply} />
      <ErrorNotice error={first.error} />
      {first.loading && !first.data ? (
        <Loading what="payments" />
      ) : (
        <>
          <p class="result-count" role="status">
            {countText(rows.length, Boolean(next), key !== '')}
          </p>
          {rows.length > 0 && <PaymentsTable rows={rows} channels={channels.data?.channels ?? []} />}
          <ErrorNotice error={moreError} />
          {next && (
            <p class="load-more">
              <button type="button" class="button" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </button>
            </p>
          )}
        </>
      )}
    </Page>
  );
}

/** "1 payment", "50+ payments match": what the list shows, in words. */
function countText(count: number, more: boolean, filtered: boolean): string {
  if (count === 0) return filtered ? 'No payments match.' : 'No payments yet.';
  const many = count > 1 || more;
  return `${count}${more ? '+' : ''} ${many ? 'payments' : 'payment'}${filtered ? (many ? ' match' : ' matches') : ''}`;
}
