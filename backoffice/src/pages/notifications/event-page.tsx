// One event's deliveries to every endpoint of the channels the person may see (a payment's
// notificationUrl too), each with its attempts: where a notification went and what each receiver
// answered.

import { useRoute } from 'preact-iso/router';
import { api } from '../../api/client.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { DeliveryItem } from './attempts.js';
import type { EventDelivery } from './types.js';

interface EventView {
  event: { id: string; event: string; recordId: string };
  deliveries: EventDelivery[];
}

export function EventPage() {
  const { params } = useRoute();
  const eventId = params.eventId ?? '';
  const view = useLoad(() => api<EventView>('GET', `/webhooks/events/${encodeURIComponent(eventId)}`), [eventId]);
  const v = view.data;
  return (
    <Page title="Event deliveries" back={{ href: '/notifications', label: 'Notifications' }}>
      <ErrorNotice error={view.error} />
      {!v ? (
        view.loading && <Loading what="the event" />
      ) : (
        <>
          <section class="card" aria-label="Event">
            <p>
              <strong>{v.event.event}</strong> <span class="mono wrap">{v.event.id}</span>
            </p>
            <p class="muted small">
              Of <a href={`/payments/${encodeURIComponent(v.event.recordId)}`} class="mono">{v.event.recordId}</a>
            </p>
          </section>
          <section class="card" aria-label="Deliveries of the event">
            <ul class="plain-list">
              {v.deliveries.map((d) => (
                <DeliveryItem
                  key={d.id}
                  delivery={d}
                  heading={
                    <>
                      {' '}
                      <span class="muted">to</span>{' '}
                      {d.notificationUrl ? (
                        <span class="mono wrap">{d.url}</span>
                      ) : (
                        <a class="mono wrap" href={`/notifications/${encodeURIComponent(d.endpointId)}`}>
                          {d.url}
                        </a>
                      )}
                      {d.notificationUrl && <span class="muted"> (the payment's notificationUrl)</span>}
                    </>
                  }
                />
              ))}
            </ul>
          </section>
        </>
      )}
    </Page>
  );
}
