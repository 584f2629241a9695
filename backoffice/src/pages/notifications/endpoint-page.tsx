// One endpoint's delivery log: newest first, a page at a time, filtered by state (failed, pending…)
// and by a time since which deliveries were made; each delivery with its attempts behind a
// disclosure and, while pending, the retry ladder's next attempt. A finished delivery can be sent
// again; so can every failed one since a time, after a confirmation.

import { useLocation, useRoute } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { api, query } from '../../api/client.js';
import { Badge } from '../../components/badge.js';
import { Confirm } from '../../components/confirm.js';
import { Field } from '../../components/field.js';
import { ErrorNotice, Loading, StatusNotice } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { asApiError, useLoad } from '../../components/use-load.js';
import { formatDateTime } from '../../format/dates.js';
import { DeliveryItem } from './attempts.js';
import { localOf, sinceOf } from './since.js';
import { stateTone, typesText, type Delivery, type Endpoint } from './types.js';

const PAGE_SIZE = 50;
const STATES = [
  ['', 'Every state'],
  ['failed', 'Failed'],
  ['pending', 'Pending'],
  ['delivered', 'Delivered'],
  ['cancelled', 'Cancelled'],
] as const;

interface Listing {
  deliveries: Delivery[];
  next?: string;
}

export function EndpointPage() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const location = useLocation();
  const state = location.query.state ?? '';
  const since = location.query.since ?? '';
  const filters = { state, since };
  const key = query(filters);
  const endpoint = useLoad(() => api<Endpoint>('GET', `/webhooks/${encodeURIComponent(id)}`), [id]);
  const first = useLoad(() => api<Listing>('GET', `/webhooks/${encodeURIComponent(id)}/deliveries${query({ ...filters, limit: String(PAGE_SIZE) })}`), [id, key]);
  const [more, setMore] = useState<{ key: string; deliveries: Delivery[]; next?: string }>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [news, setNews] = useState<string>();
  const [error, setError] = useState<{ message: string }>();
  const [askAll, setAskAll] = useState(false);
  const [busy, setBusy] = useState<string>();

  const extra = more?.key === key ? more : undefined;
  const deliveries = [...(first.data?.deliveries ?? []), ...(extra?.deliveries ?? [])];
  const next = extra ? extra.next : first.data?.next;

  const loadMore = async () => {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await api<Listing>('GET', `/webhooks/${encodeURIComponent(id)}/deliveries${query({ ...filters, limit: String(PAGE_SIZE), cursor: next })}`);
      setMore({ key, deliveries: [...(extra?.deliveries ?? []), ...page.deliveries], ...(page.next ? { next: page.next } : {}) });
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setLoadingMore(false);
    }
  };
  const reload = () => {
    setMore(undefined);
    first.reload();
  };
  const redeliver = async (delivery: Delivery) => {
    if (busy) return;
    setBusy(delivery.id);
    setError(undefined);
    try {
      await api('POST', `/webhooks/${encodeURIComponent(id)}/redeliveries`, { eventId: delivery.eventId });
      setNews(`${delivery.event} will be sent again now.`);
      reload();
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(undefined);
    }
  };
  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const at = sinceOf(String(form.get('since') ?? ''));
    setNews(undefined);
    location.route(`/notifications/${encodeURIComponent(id)}${query({ state: String(form.get('state') ?? ''), since: at === undefined ? '' : String(at) })}`);
  };

  const e = endpoint.data;
  return (
    <Page title="Deliveries" back={{ href: '/notifications', label: 'Notifications' }}>
      <ErrorNotice error={endpoint.error ?? first.error ?? error} />
      {e && (
        <section class="card" aria-label="Endpoint">
          <p>
            <span class="mono wrap">{e.url}</span> <Badge tone={stateTone(e.state)}>{e.state}</Badge>
          </p>
          <p class="muted small">
            {typesText(e.eventTypes)} · added {formatDateTime(e.createdAt)}
          </p>
        </section>
      )}
      <form class="filters notifications-filters" onSubmit={apply} aria-label="Filter deliveries">
        <Field label="State">
          {({ id: fieldId }) => (
            <select id={fieldId} name="state" value={state}>
              {STATES.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Made since">
          {({ id: fieldId }) => <input id={fieldId} name="since" type="datetime-local" value={since && /^\d+$/.test(since) ? localOf(Number(since)) : ''} />}
        </Field>
        <div class="filter-buttons">
          <button type="submit" class="button">
            Show
          </button>
          <button type="button" class="button" onClick={() => setAskAll(true)}>
            Redeliver failed…
          </button>
        </div>
      </form>
      {news && <StatusNotice>{news}</StatusNotice>}
      {first.loading && !first.data ? (
        <Loading what="deliveries" />
      ) : deliveries.length === 0 ? (
        <p class="muted">No delivery{state || since ? ' matches these filters' : ' yet'}.</p>
      ) : (
        <section class="card" aria-label="Deliveries">
          <ul class="plain-list">
            {deliveries.map((d) => (
              <DeliveryItem key={d.id} delivery={d}>
                {d.state !== 'pending' && (
                  <button type="button" class="button button-small" disabled={busy !== undefined} aria-busy={busy === d.id} onClick={() => redeliver(d)}>
                    Redeliver<span class="visually-hidden"> {d.event} of {formatDateTime(d.createdAt)}</span>
                  </button>
                )}
              </DeliveryItem>
            ))}
          </ul>
          {next && (
            <button type="button" class="button load-more" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
              Show more
            </button>
          )}
        </section>
      )}
      {askAll && <RedeliverFailed endpointId={id} defaultSince={since && /^\d+$/.test(since) ? Number(since) : Date.now() - 86_400_000} onClose={() => setAskAll(false)} onDone={(queued) => (setAskAll(false), setNews(queued === 0 ? 'No failed delivery since then: nothing to send again.' : `${queued} failed ${queued === 1 ? 'delivery' : 'deliveries'} will be sent again now.`), reload())} />}
    </Page>
  );
}

function RedeliverFailed({ endpointId, defaultSince, onClose, onDone }: { endpointId: string; defaultSince: number; onClose: () => void; onDone: (queued: number) => void }) {
  const [local, setLocal] = useState(localOf(defaultSince));
  let queued = 0;
  return (
    <Confirm
      title="Redeliver failed deliveries"
      confirm="Redeliver"
      run={async () => {
        const since = sinceOf(local);
        if (since === undefined) throw new Error('Choose a date and time.');
        queued = (await api<{ queued: number }>('POST', `/webhooks/${encodeURIComponent(endpointId)}/redeliveries`, { since })).queued;
      }}
      onClose={onClose}
      onDone={() => onDone(queued)}
    >
      <p>Every delivery to this endpoint that failed and was made since this time is sent again, from the first rung of the retry ladder.</p>
      <Field label="Failed since">{({ id }) => <input id={id} type="datetime-local" required value={local} onInput={(e) => setLocal(e.currentTarget.value)} />}</Field>
    </Confirm>
  );
}
