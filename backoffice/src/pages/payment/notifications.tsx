// The webhook notifications each record of the payment sent, with every delivery attempt, and
// a way to send them again for those whose role may (a merchant's endpoint was down).

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { can } from '../../api/session.js';
import type { PaymentDetail } from '../../api/types.js';
import { Badge } from '../../components/badge.js';
import { ErrorNotice, StatusNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';
import { formatPreciseTime } from '../../format/dates.js';
import { label, PAYMENT_TYPES } from '../../format/labels.js';

interface Props {
  paymentId: string;
  notifications: PaymentDetail['notifications'];
  timeline: PaymentDetail['timeline'];
}

export function Notifications({ paymentId, notifications, timeline }: Props) {
  const recordName = (id: string) => {
    const record = timeline.find((r) => r.id === id);
    return record ? label(PAYMENT_TYPES, record.paymentType) : id;
  };
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string>();
  const [error, setError] = useState<{ message: string }>();
  const resend = async () => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const { queued } = await api<{ queued: number }>('POST', `/payments/${encodeURIComponent(paymentId)}/notifications/resend`);
      setResult(queued === 1 ? 'One notification will be sent again.' : `${queued} notifications will be sent again.`);
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" aria-labelledby="notifications-title">
      <div class="card-head">
        <h2 id="notifications-title">Notifications</h2>
        {can('notifications.resend') && notifications.length > 0 && (
          <button type="button" class="button button-small" onClick={resend} disabled={busy} aria-busy={busy}>
            Send again
          </button>
        )}
      </div>
      {result && <StatusNotice>{result}</StatusNotice>}
      <ErrorNotice error={error} />
      {notifications.length === 0 ? (
        <p class="muted">No notifications: no webhook endpoint was set up when this payment was made.</p>
      ) : (
        <ul class="plain-list">
          {notifications.map((n) => (
            <li key={`${n.recordId}-${n.event}-${n.url}`} class="notification">
              <p>
                <strong>{n.event}</strong> <span class="muted">of the {recordName(n.recordId).toLowerCase()}, to</span> <span class="mono wrap">{n.url}</span>{' '}
                {n.state && <Badge tone={n.state === 'delivered' ? 'ok' : n.state === 'failed' ? 'bad' : 'wait'}>{n.state}</Badge>}
              </p>
              <table class="table compact">
                <caption class="visually-hidden">Delivery attempts of {n.event}</caption>
                <thead>
                  <tr>
                    <th scope="col">Attempt</th>
                    <th scope="col">Result</th>
                    <th scope="col">HTTP</th>
                    <th scope="col">Error</th>
                  </tr>
                </thead>
                <tbody>
                  {n.attempts.length === 0 ? (
                    <tr>
                      <td colSpan={4} class="muted">
                        Not sent yet
                      </td>
                    </tr>
                  ) : (
                    n.attempts.map((a, index) => (
                      <tr key={index}>
                        <td data-label="Attempt">{formatPreciseTime(a.at)}</td>
                        <td data-label="Result">
                          <Badge tone={a.status === 'delivered' || a.status === 'success' ? 'ok' : a.status === 'pending' ? 'wait' : 'bad'}>{a.status}</Badge>
                        </td>
                        <td data-label="HTTP" class="mono">{a.httpStatus ?? '—'}</td>
                        <td data-label="Error" class="wrap">{a.error ?? '—'}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
