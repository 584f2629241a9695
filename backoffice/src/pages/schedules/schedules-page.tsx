// Schedules: the shops' scheduled charges on stored cards, newest first, each with its job in
// words (in the channel's zone), its amount, state and next run; filtered by state and channel.
// A schedule's own page has its next runs, its charges and the cancel.

import { useLocation } from 'preact-iso/router';
import { api, query } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { Badge } from '../../components/badge.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { formatMoney } from '../../format/money.js';
import { ListFilters } from './list-filters.js';
import { usePaged } from './paged.js';
import type { ScheduleRow } from './types.js';
import { formatInZone, SCHEDULE_STATES, STATE_TONES } from './words.js';

export function SchedulesPage() {
  const location = useLocation();
  const filters = { channel: location.query.channel || undefined, state: location.query.state || undefined };
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []);
  const list = usePaged<ScheduleRow>('/schedules', filters, (page) => (page as { schedules: ScheduleRow[] }).schedules);
  const showChannel = (channels.data?.channels.length ?? 0) > 1;
  const filtered = Boolean(filters.channel || filters.state);

  return (
    <Page title="Schedules">
      <p class="lead">Charges your shops scheduled on stored cards. Each job runs in its channel's time zone.</p>
      <ListFilters label="Schedule filters" values={filters} channels={channels.data?.channels ?? []} states={SCHEDULE_STATES} onApply={(v) => location.route(`/schedules${query(v)}`)} />
      <ErrorNotice error={list.first.error} />
      {list.first.loading && !list.first.data ? (
        <Loading what="schedules" />
      ) : (
        <>
          <p class="result-count" role="status">
            {list.rows.length === 0 ? (filtered ? 'No schedules match.' : 'No schedules yet.') : `${list.rows.length}${list.next ? '+' : ''} ${list.rows.length === 1 && !list.next ? 'schedule' : 'schedules'}`}
          </p>
          {list.rows.length > 0 && <SchedulesTable rows={list.rows} showChannel={showChannel} />}
          <ErrorNotice error={list.moreError} />
          {list.next && (
            <p class="load-more">
              <button type="button" class="button" onClick={list.loadMore} disabled={list.loadingMore} aria-busy={list.loadingMore}>
                {list.loadingMore ? 'Loading…' : 'Load more'}
              </button>
            </p>
          )}
        </>
      )}
    </Page>
  );
}

function SchedulesTable({ rows, showChannel }: { rows: readonly ScheduleRow[]; showChannel: boolean }) {
  return (
    <table class="table">
      <caption class="visually-hidden">Schedules, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col" class="num">
            Amount
          </th>
          <th scope="col">State</th>
          <th scope="col">Next run</th>
          <th scope="col">Card</th>
          {showChannel && <th scope="col">Channel</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td data-label="Job" class="wrap">
              <a href={`/schedules/${encodeURIComponent(row.id)}`} class="row-link">
                {row.job.description ?? row.job.expression}
              </a>
            </td>
            <td data-label="Amount" class="num amount">
              {formatMoney(row.amount, row.currency)}
            </td>
            <td data-label="State">
              <Badge tone={STATE_TONES[row.state]}>{SCHEDULE_STATES[row.state]}</Badge>
            </td>
            <td data-label="Next run">{row.nextRunAt === null ? '—' : formatInZone(row.nextRunAt, row.job.timeZone)}</td>
            <td data-label="Card" class="wrap">
              {row.card ? (
                <>
                  {row.card.paymentBrand} <span class="mono">•• {row.card.last4}</span>
                  {row.card.holder && <span class="muted"> · {row.card.holder}</span>}
                  {row.card.deleted && <span class="muted"> (deleted)</span>}
                </>
              ) : (
                '—'
              )}
            </td>
            {showChannel && <td data-label="Channel">{row.channel.name}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
