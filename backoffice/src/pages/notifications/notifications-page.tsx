// Notifications: the webhook endpoints of each channel the person may see, with what can be done
// to each (see its deliveries, change it, activate or deactivate it, send a test, remove it), an
// endpoint added with its secret shown once, and the merchant's own webhook secret rotated with an
// overlap (for people who see every channel: it serves them all).

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { me } from '../../api/session.js';
import type { Channel } from '../../api/types.js';
import { Badge } from '../../components/badge.js';
import { Confirm } from '../../components/confirm.js';
import { ErrorNotice, Loading, StatusNotice } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { asApiError, useLoad } from '../../components/use-load.js';
import { AddEndpointDialog, EditEndpointDialog } from './endpoint-form.js';
import { SecretRotation } from './secret-rotation.js';
import { TestOutcome } from './test-outcome.js';
import { stateTone, typesText, type Endpoint, type TestResult } from './types.js';

interface Loaded {
  channels: Channel[];
  endpoints: Endpoint[];
}

async function load(): Promise<Loaded> {
  const [{ channels }, { endpoints }] = await Promise.all([api<{ channels: Channel[] }>('GET', '/channels'), api<{ endpoints: Endpoint[] }>('GET', '/webhooks')]);
  return { channels, endpoints };
}

type Dialogs = { kind: 'add' } | { kind: 'edit'; endpoint: Endpoint } | { kind: 'remove'; endpoint: Endpoint } | { kind: 'deactivate'; endpoint: Endpoint };

export function NotificationsPage() {
  const data = useLoad(load, []);
  const [dialog, setDialog] = useState<Dialogs>();
  const [news, setNews] = useState<string>();
  const [outcome, setOutcome] = useState<{ id: string; result: TestResult; what: 'test' | 'activation' }>();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<{ message: string }>();

  /** Sends a test, or activates (which sends one too), and shows what the receiver answered. */
  const send = async (endpoint: Endpoint, what: 'test' | 'activation') => {
    if (busy) return;
    setBusy(endpoint.id);
    setError(undefined);
    setNews(undefined);
    setOutcome(undefined);
    try {
      const path = `/webhooks/${encodeURIComponent(endpoint.id)}`;
      const result = what === 'test' ? (await api<{ test: TestResult }>('POST', `${path}/test`)).test : (await api<{ activation: TestResult }>('PATCH', path, { active: true })).activation;
      setOutcome({ id: endpoint.id, result, what });
      if (what === 'activation') data.reload();
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(undefined);
    }
  };
  const done = (message: string) => {
    setDialog(undefined);
    setNews(message);
    setOutcome(undefined);
    data.reload();
  };

  const channels = data.data?.channels ?? [];
  return (
    <Page
      title="Notifications"
      actions={
        channels.length > 0 && (
          <button type="button" class="button button-primary" onClick={() => (setNews(undefined), setDialog({ kind: 'add' }))}>
            Add endpoint
          </button>
        )
      }
    >
      <p class="lead">The relay tells your shop of every payment and stored card by webhook. Each endpoint gets the events it wants, encrypted with its own secret.</p>
      <ErrorNotice error={data.error ?? error} />
      {news && <StatusNotice>{news}</StatusNotice>}
      {!data.data ? (
        data.loading && <Loading what="webhook endpoints" />
      ) : (
        channels.map((channel) => {
          const endpoints = data.data!.endpoints.filter((e) => e.entityId === channel.entityId);
          return (
            <section key={channel.entityId} class="card" aria-labelledby={`channel-${channel.entityId}`}>
              <h2 id={`channel-${channel.entityId}`}>{channel.name}</h2>
              {endpoints.length === 0 ? (
                <p class="muted">No endpoint: this channel's events are sent only to a payment's notificationUrl.</p>
              ) : (
                <ul class="plain-list">
                  {endpoints.map((endpoint) => (
                    <li key={endpoint.id} class="notifications-endpoint">
                      <div class="notifications-endpoint-head">
                        <a class="mono wrap" href={`/notifications/${encodeURIComponent(endpoint.id)}`}>
                          {endpoint.url}
                        </a>
                        <Badge tone={stateTone(endpoint.state)}>{endpoint.state}</Badge>
                      </div>
                      <p class="muted small">
                        {typesText(endpoint.eventTypes)}
                        {endpoint.disabledReason && <> · disabled: {endpoint.disabledReason}</>}
                      </p>
                      <div class="button-row">
                        <a class="button button-small" href={`/notifications/${encodeURIComponent(endpoint.id)}`}>
                          Deliveries<span class="visually-hidden"> to {endpoint.url}</span>
                        </a>
                        <button type="button" class="button button-small" onClick={() => setDialog({ kind: 'edit', endpoint })}>
                          Change<span class="visually-hidden"> {endpoint.url}</span>
                        </button>
                        {endpoint.state === 'active' ? (
                          <button type="button" class="button button-small" onClick={() => setDialog({ kind: 'deactivate', endpoint })}>
                            Deactivate<span class="visually-hidden"> {endpoint.url}</span>
                          </button>
                        ) : (
                          <button type="button" class="button button-small" disabled={busy !== undefined} aria-busy={busy === endpoint.id} onClick={() => send(endpoint, 'activation')}>
                            Activate<span class="visually-hidden"> {endpoint.url}</span>
                          </button>
                        )}
                        <button type="button" class="button button-small" disabled={busy !== undefined} aria-busy={busy === endpoint.id} onClick={() => send(endpoint, 'test')}>
                          Send test<span class="visually-hidden"> to {endpoint.url}</span>
                        </button>
                        <button type="button" class="button button-small button-danger-quiet" onClick={() => setDialog({ kind: 'remove', endpoint })}>
                          Remove<span class="visually-hidden"> {endpoint.url}</span>
                        </button>
                      </div>
                      {outcome?.id === endpoint.id && <TestOutcome result={outcome.result} what={outcome.what} />}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
      {data.data && me.value?.user.channelIds === null && <SecretRotation />}
      {dialog?.kind === 'add' && <AddEndpointDialog channels={channels} onClose={() => setDialog(undefined)} onAdded={() => data.reload()} />}
      {dialog?.kind === 'edit' && <EditEndpointDialog endpoint={dialog.endpoint} onClose={() => setDialog(undefined)} onSaved={() => done('The endpoint is changed.')} />}
      {dialog?.kind === 'deactivate' && (
        <Confirm
          title="Deactivate endpoint"
          confirm="Deactivate"
          run={() => api('PATCH', `/webhooks/${encodeURIComponent(dialog.endpoint.id)}`, { active: false })}
          onClose={() => setDialog(undefined)}
          onDone={() => done('The endpoint is inactive: it gets no notification until it is activated again.')}
        >
          <p>
            <span class="mono wrap">{dialog.endpoint.url}</span> will get no notification until it is activated again; deliveries on their way to it end as cancelled.
          </p>
        </Confirm>
      )}
      {dialog?.kind === 'remove' && (
        <Confirm
          title="Remove endpoint"
          confirm="Remove endpoint"
          danger
          run={() => api('DELETE', `/webhooks/${encodeURIComponent(dialog.endpoint.id)}`)}
          onClose={() => setDialog(undefined)}
          onDone={() => done('The endpoint is removed.')}
        >
          <p>
            <span class="mono wrap">{dialog.endpoint.url}</span> will get no more notifications, and its secret is gone for good. Deliveries on their way to it end as cancelled.
          </p>
        </Confirm>
      )}
    </Page>
  );
}
