// Chargebacks: open (not reversed yet) and closed (reversed) ones as tabs, newest first, each with
// the payment it charges back, its reason, amount and dates, and the reversal that closed it; more
// pages on request (the API's keyset cursor).

import { useLocation } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { api, query } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { asApiError, useLoad } from '../../components/use-load.js';
import type { Chargeback } from '../settlement/types.js';
import { ChargebacksTable } from './chargebacks-table.js';

interface Listing {
  chargebacks: Chargeback[];
  next?: string;
}

const PAGE_SIZE = '50';
const TABS = [
  { state: 'open', label: 'Open' },
  { state: 'closed', label: 'Closed' },
  { state: 'all', label: 'All' },
] as const;
type Tab = (typeof TABS)[number]['state'];

export function ChargebacksPage() {
  const location = useLocation();
  // Open by default: the ones someone still has to answer.
  const state: Tab = TABS.find((t) => t.state === location.query.state)?.state ?? 'open';
  const channel = location.query.channel || undefined;
  const filters = { state: state === 'all' ? undefined : state, channel, limit: PAGE_SIZE };
  const key = query(filters);
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []);
  const first = useLoad(() => api<Listing>('GET', `/chargebacks${key}`), [key]);
  const [more, setMore] = useState<Listing[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<{ message: string }>();
  useEffect(() => setMore([]), [key]);
  const pages = first.data ? [first.data, ...more] : [];
  const rows = pages.flatMap((p) => p.chargebacks);
  const next = pages.at(-1)?.next;
  const all = channels.data?.channels ?? [];

  const loadMore = async () => {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    try {
      setMore([...more, await api<Listing>('GET', `/chargebacks${query({ ...filters, cursor: next })}`)]);
    } catch (e) {
      setMoreError(asApiError(e));
    } finally {
      setLoadingMore(false);
    }
  };
  // A tab's address keeps the channel, and the channel's keeps the tab.
  const address = (tab: Tab, ch: string | undefined) => `/chargebacks${query({ state: tab, channel: ch })}`;
  const which = state === 'all' ? '' : `${state} `;

  return (
    <Page title="Chargebacks">
      <nav class="settlement-tabs" aria-label="Chargebacks by state">
        {TABS.map((t) => (
          <a key={t.state} href={address(t.state, channel)} aria-current={t.state === state ? 'page' : undefined}>
            {t.label}
          </a>
        ))}
      </nav>
      {all.length > 1 && (
        <form class="inline-form settlement-channel" aria-label="Channel" onSubmit={(e) => e.preventDefault()}>
          <div class="field">
            <label for="chargeback-channel">Channel</label>
            <select id="chargeback-channel" value={channel ?? ''} onInput={(e) => location.route(address(state, (e.currentTarget as HTMLSelectElement).value || undefined))}>
              <option value="">All channels</option>
              {all.map((c) => (
                <option key={c.entityId} value={c.entityId}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        </form>
      )}
      <ErrorNotice error={first.error ?? channels.error} />
      {first.loading && !first.data ? (
        <Loading what="chargebacks" />
      ) : (
        <>
          <p class="result-count" role="status">
            {rows.length === 0 ? `No ${which}chargebacks.` : `${rows.length}${next ? '+' : ''} ${which}chargeback${rows.length > 1 || next ? 's' : ''}`}
          </p>
          {rows.length > 0 && <ChargebacksTable rows={rows} channels={all} />}
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
