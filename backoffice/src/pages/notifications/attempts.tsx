// One delivery as the log shows it: the event, its state, when it was made, the retry ladder's
// next attempt while it is pending, and every attempt (time, HTTP status, latency, the first KiB of
// the answer, the error) behind a disclosure, so a long log stays scannable.

import type { ComponentChildren } from 'preact';
import { Badge } from '../../components/badge.js';
import { formatPreciseTime } from '../../format/dates.js';
import type { Delivery } from './types.js';
import { stateTone } from './types.js';

export function DeliveryItem({ delivery, children, heading }: { delivery: Delivery; children?: ComponentChildren; heading?: ComponentChildren }) {
  const d = delivery;
  const count = d.attempts.length;
  return (
    <li class="notifications-delivery">
      <div class="notifications-delivery-head">
        <p>
          <strong>{d.event}</strong> <Badge tone={stateTone(d.state)}>{d.state}</Badge>
          {heading}
        </p>
        {children}
      </div>
      <p class="muted small">
        Made {formatPreciseTime(d.createdAt)}
        {d.deliveredAt !== null && <> · delivered {formatPreciseTime(d.deliveredAt)}</>}
        {d.nextAttemptAt !== null && <> · next attempt {formatPreciseTime(d.nextAttemptAt)}</>} · event{' '}
        <a class="mono" href={`/notifications/events/${encodeURIComponent(d.eventId)}`}>
          {d.eventId}
        </a>
      </p>
      <details class="notifications-attempts">
        <summary>
          {count === 0 ? 'No attempt' : count === 1 ? '1 attempt' : `${count} attempts`}
          <span class="visually-hidden"> of {d.event} made {formatPreciseTime(d.createdAt)}</span>
        </summary>
        {count > 0 && (
          <table class="table compact">
            <caption class="visually-hidden">Attempts of {d.event}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Time</th>
                <th scope="col">HTTP</th>
                <th scope="col" class="num">
                  Latency
                </th>
                <th scope="col">Answer (first KiB) or error</th>
              </tr>
            </thead>
            <tbody>
              {d.attempts.map((a) => (
                <tr key={`${a.number}-${a.at}`}>
                  <td data-label="#">{a.number}</td>
                  <td data-label="Time">{formatPreciseTime(a.at)}</td>
                  <td data-label="HTTP" class="mono">
                    {a.status ?? '—'}
                  </td>
                  <td data-label="Latency" class="num">
                    {a.latencyMs} ms
                  </td>
                  <td data-label="Answer" class="wrap">
                    {a.error && <span class="notifications-error">{a.error}</span>}
                    {a.response ? <pre class="notifications-answer">{a.response}</pre> : !a.error && <span class="muted">empty</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </li>
  );
}
