// Stored cards: the cards shops keep for their customers (registrations), masked to brand, first
// six and last four digits, expiry and holder, with how many active schedules charge each. A card
// is deleted with a confirmation that says what goes with it: its schedules are cancelled and the
// shop's webhooks are told, as when the shop deletes it through the API.

import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { api, query } from '../../api/client.js';
import { can } from '../../api/session.js';
import type { Channel } from '../../api/types.js';
import { Confirm } from '../../components/confirm.js';
import { ErrorNotice, Loading, StatusNotice } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { formatDateTime } from '../../format/dates.js';
import { ListFilters } from '../schedules/list-filters.js';
import { usePaged } from '../schedules/paged.js';
import type { StoredCard } from '../schedules/types.js';
import { expiry, maskedNumber } from '../schedules/words.js';

export function StoredCardsPage() {
  const location = useLocation();
  const channel = location.query.channel || undefined;
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []);
  const list = usePaged<StoredCard>('/registrations', { channel }, (page) => (page as { registrations: StoredCard[] }).registrations);
  const [deleting, setDeleting] = useState<StoredCard>();
  const [deleted, setDeleted] = useState<string>();
  const showChannel = (channels.data?.channels.length ?? 0) > 1;

  return (
    <Page title="Stored cards">
      <p class="lead">Cards your shops keep for their customers, to charge them again or on a schedule. Only the first six and last four digits are ever shown.</p>
      <ListFilters label="Stored card filters" values={{ channel }} channels={channels.data?.channels ?? []} onApply={(v) => location.route(`/stored-cards${query({ channel: v.channel })}`)} />
      {deleted && <StatusNotice>{deleted}</StatusNotice>}
      <ErrorNotice error={list.first.error} />
      {list.first.loading && !list.first.data ? (
        <Loading what="stored cards" />
      ) : (
        <>
          <p class="result-count" role="status">
            {list.rows.length === 0 ? 'No stored cards.' : `${list.rows.length}${list.next ? '+' : ''} stored ${list.rows.length === 1 && !list.next ? 'card' : 'cards'}`}
          </p>
          {list.rows.length > 0 && <CardsTable cards={list.rows} showChannel={showChannel} onDelete={can('storedCards.delete') ? (card) => (setDeleted(undefined), setDeleting(card)) : undefined} />}
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
      {deleting && (
        <Confirm
          title="Delete stored card"
          confirm="Delete card"
          danger
          run={() => api('DELETE', `/registrations/${encodeURIComponent(deleting.id)}`)}
          onClose={() => setDeleting(undefined)}
          onDone={() => {
            setDeleted(`The ${deleting.paymentBrand} card ending ${deleting.last4} is deleted${deleting.activeSchedules > 0 ? ', and its schedules are cancelled' : ''}.`);
            setDeleting(undefined);
            list.reload();
          }}
        >
          <p>
            Delete the <strong>{deleting.paymentBrand}</strong> card <span class="mono">{maskedNumber(deleting)}</span>
            {deleting.holder ? ` of ${deleting.holder}` : ''}? The shop can no longer charge it, and its webhooks are told.
          </p>
          {deleting.activeSchedules > 0 && (
            <p>
              <strong>
                {deleting.activeSchedules} active {deleting.activeSchedules === 1 ? 'schedule charges' : 'schedules charge'} this card: {deleting.activeSchedules === 1 ? 'it is' : 'they are'} cancelled too.
              </strong>
            </p>
          )}
          <p>This cannot be undone.</p>
        </Confirm>
      )}
    </Page>
  );
}

function CardsTable({ cards, showChannel, onDelete }: { cards: readonly StoredCard[]; showChannel: boolean; onDelete: ((card: StoredCard) => void) | undefined }) {
  return (
    <table class="table">
      <caption class="visually-hidden">Stored cards, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Card</th>
          <th scope="col">Expires</th>
          <th scope="col">Holder</th>
          <th scope="col">Stored</th>
          <th scope="col">Active schedules</th>
          {showChannel && <th scope="col">Channel</th>}
          {onDelete && (
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {cards.map((card) => (
          <tr key={card.id}>
            <td data-label="Card">
              <strong>{card.paymentBrand}</strong> <span class="mono">{maskedNumber(card)}</span>
            </td>
            <td data-label="Expires" class="mono">
              {expiry(card)}
            </td>
            <td data-label="Holder" class="wrap">
              {card.holder ?? '—'}
            </td>
            <td data-label="Stored">{formatDateTime(card.createdAt)}</td>
            <td data-label="Active schedules">{card.activeSchedules}</td>
            {showChannel && <td data-label="Channel">{card.channel.name}</td>}
            {onDelete && (
              <td class="row-actions">
                <button type="button" class="button button-small button-danger-quiet" onClick={() => onDelete(card)}>
                  Delete<span class="visually-hidden"> {card.paymentBrand} card ending {card.last4}</span>
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
