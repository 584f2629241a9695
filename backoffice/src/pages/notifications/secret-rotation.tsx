// The merchant's webhook secret: the key of the notifications sent to a payment's notificationUrl
// (endpoints added on this page have their own). A rotation shows the new secret once; the relay
// keeps sealing with the old one until the overlap chosen ends, so the receiver can be given the
// new secret meanwhile and try both (docs/back-office-notifications.md).

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { Secret } from '../../components/copy-button.js';
import { Dialog, DialogButtons } from '../../components/dialog.js';
import { Field } from '../../components/field.js';
import { ErrorNotice } from '../../components/notice.js';
import { asApiError, useLoad } from '../../components/use-load.js';
import { formatDateTime } from '../../format/dates.js';

const OVERLAPS: readonly [number, string][] = [
  [1, '1 hour'],
  [24, '1 day'],
  [72, '3 days'],
  [168, '1 week'],
  [720, '30 days'],
];

interface Rotation {
  pending: { switchAt: number; startedAt: number } | null;
}

export function SecretRotation() {
  const status = useLoad(() => api<Rotation>('GET', '/webhooks/secret-rotation'), []);
  const [asking, setAsking] = useState(false);
  const [rotated, setRotated] = useState<{ secret: string; switchAt: number }>();
  const pending = status.data?.pending;
  return (
    <section class="card" aria-labelledby="secret-title">
      <div class="card-head">
        <h2 id="secret-title">Merchant webhook secret</h2>
        <button type="button" class="button button-small" onClick={() => (setRotated(undefined), setAsking(true))}>
          Rotate secret
        </button>
      </div>
      <p class="muted">It encrypts the notifications sent to a payment's notificationUrl. Endpoints listed above have their own secrets.</p>
      <ErrorNotice error={status.error} />
      {pending && (
        <p class="notice notice-warn" role="status">
          A rotation is under way: the relay switches to the new secret on {formatDateTime(pending.switchAt)}. Until then it still encrypts with the old one.
        </p>
      )}
      {rotated && (
        <div class="reveal" role="region" aria-label="New merchant webhook secret">
          <p>
            <strong>Copy the new secret now; it is shown only this once.</strong> Give it to your receiver beside the old one: the relay encrypts with the old secret until {formatDateTime(rotated.switchAt)}, then with the new one.
          </p>
          <Secret value={rotated.secret} what="new merchant webhook secret" />
          <button type="button" class="button button-small" onClick={() => setRotated(undefined)}>
            I have copied it
          </button>
        </div>
      )}
      {asking && (
        <RotateDialog
          replacing={pending ?? null}
          onClose={() => setAsking(false)}
          onDone={(answer) => {
            setAsking(false);
            setRotated(answer);
            status.reload();
          }}
        />
      )}
    </section>
  );
}

function RotateDialog({ replacing, onClose, onDone }: { replacing: Rotation['pending']; onClose: () => void; onDone: (answer: { secret: string; switchAt: number }) => void }) {
  const [hours, setHours] = useState(24);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof asApiError>>();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      onDone(await api<{ secret: string; switchAt: number }>('POST', '/webhooks/secret-rotation', { overlapHours: hours }));
    } catch (e) {
      setError(asApiError(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title="Rotate the merchant webhook secret" busy={busy} onClose={onClose}>
      <form method="dialog" onSubmit={submit}>
        <div class="dialog-body">
          <p>A new secret is made and shown once. The relay keeps encrypting with the current secret for the overlap you choose, then switches to the new one.</p>
          {replacing && <p class="notice notice-warn">The rotation under way is replaced: the secret it showed was never used and will not be.</p>}
          <Field label="Overlap" hint="Time to give your receiver the new secret. It should try both secrets until the switch." error={error?.parameter('overlapHours')}>
            {({ id, describedBy, invalid }) => (
              <select id={id} aria-describedby={describedBy} aria-invalid={invalid} value={String(hours)} onChange={(e) => setHours(Number(e.currentTarget.value))}>
                {OVERLAPS.map(([value, text]) => (
                  <option key={value} value={String(value)}>
                    {text}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <ErrorNotice error={error && !error.parameter('overlapHours') ? error : undefined} />
        <DialogButtons confirm="Rotate secret" busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
