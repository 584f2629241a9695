// One settled day of a channel in one currency: its totals and its reconciliation records, 100 a
// page, each linking to the payment it settles (a fee to the payment it was charged on).

import { useLocation, useRoute } from 'preact-iso/router';
import { api, query } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { formatDay } from './day.js';
import { RecordsTable } from './records-table.js';
import type { AggregationDetail } from './types.js';
import { formatMoney } from '../../format/money.js';

export function AggregationPage() {
  const { params } = useRoute();
  const location = useLocation();
  const id = params.id ?? '';
  const page = location.query.page ?? '1';
  const detail = useLoad(() => api<AggregationDetail>('GET', `/settlement/${encodeURIComponent(id)}${query({ page: page === '1' ? undefined : page })}`), [id, page]);
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []);
  const data = detail.data;
  const a = data?.aggregation;
  const title = a ? `Settlement of ${formatDay(a.day)}, ${a.currency}` : 'Settlement';
  const channelName = a ? (channels.data?.channels.find((c) => c.entityId === a.entityId)?.name ?? a.entityId) : '';
  const goTo = (n: number) => location.route(`/settlement/${encodeURIComponent(id)}${query({ page: n === 1 ? undefined : String(n) })}`);

  return (
    <Page title={title} back={{ href: '/settlement', label: 'Settlement' }}>
      <ErrorNotice error={detail.error} />
      {detail.loading && !data ? (
        <Loading what="the settled day" />
      ) : (
        a &&
        data && (
          <>
            <section class="card" aria-labelledby="aggregation-totals">
              <h2 id="aggregation-totals">Totals</h2>
              <dl class="facts">
                <dt>Channel</dt>
                <dd>{channelName}</dd>
                <dt>Business day</dt>
                <dd>{formatDay(a.day)}</dd>
                <dt>Settled on</dt>
                <dd>{formatDay(a.settlementDate)}</dd>
                <dt>Records</dt>
                <dd>{a.records}</dd>
                <dt>Settled</dt>
                <dd>{formatMoney(a.settled, a.currency)}</dd>
                <dt>Refunded</dt>
                <dd>{formatMoney(a.refunded, a.currency)}</dd>
                <dt>Fees</dt>
                <dd>{formatMoney(a.fees, a.currency)}</dd>
                <dt>Chargebacks</dt>
                <dd>{formatMoney(a.chargebacks, a.currency)}</dd>
                <dt>Chargebacks reversed</dt>
                <dd>{formatMoney(a.chargebackReversals, a.currency)}</dd>
                <dt>Net</dt>
                <dd class="amount">{formatMoney(a.net, a.currency)}</dd>
              </dl>
            </section>
            <section aria-labelledby="aggregation-records">
              <h2 id="aggregation-records">Records</h2>
              <p class="result-count" role="status">
                {data.total === 1 ? '1 record' : `${data.total} records`}
                {data.pages > 1 ? `, page ${data.page} of ${data.pages}` : ''}
              </p>
              {data.records.length > 0 && <RecordsTable records={data.records} />}
              {data.pages > 1 && (
                <nav class="settlement-pager" aria-label="Pages of records">
                  <button type="button" class="button" disabled={data.page <= 1} onClick={() => goTo(data.page - 1)}>
                    Previous page
                  </button>
                  <button type="button" class="button" disabled={data.page >= data.pages} onClick={() => goTo(data.page + 1)}>
                    Next page
                  </button>
                </nav>
              )}
            </section>
          </>
        )
      )}
    </Page>
  );
}
