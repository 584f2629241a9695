// Adding an endpoint and changing one: its URL and the event types it wants. A new endpoint's
// secret is shown once, when it is made, with a copy button, beside what the receiver answered
// its activation (a receiver that does not acknowledge leaves the endpoint inactive).

import { useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import type { Channel } from '../../api/types.js';
import { Secret } from '../../components/copy-button.js';
import { Dialog, DialogButtons } from '../../components/dialog.js';
import { Field } from '../../components/field.js';
import { ErrorNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';
import { TestOutcome } from './test-outcome.js';
import { EVENT_TYPES, type Endpoint, type EventType, type TestResult } from './types.js';

function EventTypeChoice({ value, onChange, error }: { value: EventType[]; onChange: (next: EventType[]) => void; error: string | undefined }) {
  return (
    <fieldset class="fieldset">
      <legend>Events it wants</legend>
      <p class="hint">None ticked: every event.</p>
      {EVENT_TYPES.map((type) => (
        <label key={type} class="check">
          <input type="checkbox" checked={value.includes(type)} onChange={(e) => onChange(e.currentTarget.checked ? [...value, type] : value.filter((t) => t !== type))} />
          {type.charAt(0) + type.slice(1).toLowerCase()}
        </label>
      ))}
      {error && <p class="field-error">{error}</p>}
    </fieldset>
  );
}

interface Created {
  endpoint: Endpoint;
  secret: string;
  activation: TestResult | null;
}

export function AddEndpointDialog({ channels, onClose, onAdded }: { channels: readonly Channel[]; onClose: () => void; onAdded: () => void }) {
  const [entityId, setEntityId] = useState(channels[0]?.entityId ?? '');
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<EventType[]>([]);
  const [activate, setActivate] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [created, setCreated] = useState<Created>();

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api<Created>('POST', '/webhooks', { entityId, url: url.trim(), eventTypes: types, active: activate });
      setCreated(answer);
      onAdded();
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <Dialog title="Endpoint added" onClose={onClose}>
        <div class="dialog-body">
          <div class="reveal" role="region" aria-label="The endpoint's secret">
            <p>
              <strong>Copy the secret now.</strong> Your receiver decrypts the notifications with it. It is shown only this once; if it is lost, remove the endpoint and add it again.
            </p>
            <Secret value={created.secret} what="endpoint secret" />
          </div>
          {created.activation ? <TestOutcome result={created.activation} what="activation" /> : <p>The endpoint is inactive: activate it when the receiver is ready.</p>}
        </div>
        <div class="dialog-buttons">
          <button type="button" class="button button-primary" onClick={onClose}>
            I have copied the secret
          </button>
        </div>
      </Dialog>
    );
  }
  const known = ['entityId', 'url', 'eventTypes'];
  return (
    <Dialog title="Add a webhook endpoint" busy={busy} onClose={onClose}>
      <form method="dialog" onSubmit={submit}>
        <div class="dialog-body">
          {channels.length > 1 && (
            <Field label="Channel" error={error?.parameter('entityId')}>
              {({ id, describedBy, invalid }) => (
                <select id={id} aria-describedby={describedBy} aria-invalid={invalid} value={entityId} onChange={(e) => setEntityId(e.currentTarget.value)}>
                  {channels.map((c) => (
                    <option key={c.entityId} value={c.entityId}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field label="URL" hint="Where the relay POSTs each notification, e.g. https://shop.example/hooks." error={error?.parameter('url')}>
            {({ id, describedBy, invalid }) => <input id={id} type="url" required maxLength={2048} aria-describedby={describedBy} aria-invalid={invalid} value={url} onInput={(e) => setUrl(e.currentTarget.value)} />}
          </Field>
          <EventTypeChoice value={types} onChange={setTypes} error={error?.parameter('eventTypes')} />
          <label class="check">
            <input type="checkbox" checked={activate} onChange={(e) => setActivate(e.currentTarget.checked)} />
            Activate now (sends a test notification the receiver must answer with 2xx)
          </label>
        </div>
        <ErrorNotice error={error && !known.some((p) => error.parameter(p)) ? error : undefined} />
        <DialogButtons confirm="Add endpoint" busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function EditEndpointDialog({ endpoint, onClose, onSaved }: { endpoint: Endpoint; onClose: () => void; onSaved: () => void }) {
  const [url, setUrl] = useState(endpoint.url);
  const [types, setTypes] = useState<EventType[]>(endpoint.eventTypes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await api('PATCH', `/webhooks/${encodeURIComponent(endpoint.id)}`, { url: url.trim(), eventTypes: types });
      onSaved();
    } catch (e) {
      setError(asApiError(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title="Change endpoint" busy={busy} onClose={onClose}>
      <form method="dialog" onSubmit={submit}>
        <div class="dialog-body">
          <Field label="URL" error={error?.parameter('url')}>
            {({ id, describedBy, invalid }) => <input id={id} type="url" required maxLength={2048} aria-describedby={describedBy} aria-invalid={invalid} value={url} onInput={(e) => setUrl(e.currentTarget.value)} />}
          </Field>
          <EventTypeChoice value={types} onChange={setTypes} error={error?.parameter('eventTypes')} />
        </div>
        <ErrorNotice error={error && !error.parameter('url') && !error.parameter('eventTypes') ? error : undefined} />
        <DialogButtons confirm="Save" busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
