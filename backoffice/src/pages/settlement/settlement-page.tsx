// Settlement: the settled days of a range (UTC business days, the last 31 by default) by day and
// currency with their totals, each day opening its records; the reconciliation file of the range
// for each channel; the channel's fee table; the currency quotes its payments used.

import { useLocation } from 'preact-iso/router';
import { api, query } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { FeeTables } from './fee-tables.js';
import { FileDownloads } from './file-downloads.js';
import { QuotesCard } from './quotes-card.js';
import { RangeForm, type Range } from './range-form.js';
import { DaysTable, TotalsTable } from './settlement-tables.js';
import type { SettlementListing } from './types.js';

export function SettlementPage() {
  const location = useLocation();
  const range: Range = { from: location.query.from, to: location.query.to, channel: location.query.channel };
  const key = query(range);
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []);
  const listing = useLoad(() => api<SettlementListing>('GET', `/settlement${key}`), [key]);
  const all = channels.data?.channels ?? [];
  const shown = range.channel ? all.filter((c) => c.entityId === range.channel) : all;
  const data = listing.data;

  return (
    <Page title="Settlement">
      <RangeForm range={{ ...range, from: data?.from ?? range.from, to: data?.to ?? range.to }} channels={all} onApply={(next) => location.route(`/settlement${query(next)}`)} />
      <ErrorNotice error={listing.error ?? channels.error} />
      {listing.loading && !data ? (
        <Loading what="settlement" />
      ) : (
        data && (
          <>
            <section class="card" aria-labelledby="settlement-totals">
              <h2 id="settlement-totals">Totals</h2>
              {data.totals.length === 0 ? <p class="muted">No settled days in this range.</p> : <TotalsTable totals={data.totals} />}
            </section>
            <section class="card" aria-labelledby="settlement-days">
              <h2 id="settlement-days">By day and currency</h2>
              {data.aggregations.length === 0 ? <p class="muted">No settled days in this range.</p> : <DaysTable aggregations={data.aggregations} channels={all} />}
            </section>
            <FileDownloads channels={shown} from={data.from} to={data.to} />
          </>
        )
      )}
      <FeeTables channels={shown} />
      {data && <QuotesCard from={data.from} to={data.to} channel={range.channel} channels={all} />}
    </Page>
  );
}
