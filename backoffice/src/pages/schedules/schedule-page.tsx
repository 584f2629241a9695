// One schedule: what it charges and when (its job in words and as the expression the shop sent,
// in its channel's zone), the card it charges (masked), the next runs, and the history of its
// charges with their results and payments. Cancelling asks first and says what stops.

import { useRoute } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { can } from '../../api/session.js';
import { Badge } from '../../components/badge.js';
import { Confirm } from '../../components/confirm.js';
import { CopyButton } from '../../components/copy-button.js';
import { ErrorNotice, Loading, StatusNotice } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { formatDateTime } from '../../format/dates.js';
import { label, PAYMENT_TYPES } from '../../format/labels.js';
import { formatMoney } from '../../format/money.js';
import type { ScheduleCharge, ScheduleDetail } from './types.js';
import { CHARGE_STATUSES, expiry, formatInZone, maskedNumber, SCHEDULE_STATES, STATE_TONES } from './words.js';

const BACK = { href: '/schedules', label: 'Schedules' };

export function SchedulePage() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const detail = useLoad(() => api<ScheduleDetail>('GET', `/schedules/${encodeURIComponent(id)}`), [id]);
  const [cancelling, setCancelling] = useState(false);
  const [done, setDone] = useState<string>();

  if (!detail.data) {
    return (
      <Page title="Schedule" back={BACK}>
        {detail.loading ? <Loading what="the schedule" /> : <ErrorNotice error={detail.error?.status === 404 ? { message: 'There is no such schedule, or it belongs to a channel you cannot see.' } : detail.error} />}
      </Page>
    );
  }
  const s = detail.data;
  const cancel =
    s.state === 'active' && can('schedules.cancel') ? (
      <button type="button" class="button button-danger-quiet" onClick={() => (setDone(undefined), setCancelling(true))}>
        Cancel schedule
      </button>
    ) : undefined;

  return (
    <Page title="Schedule" back={BACK} actions={cancel}>
      {done && <StatusNotice>{done}</StatusNotice>}
      <ErrorNotice error={detail.error} />
      <section class="card summary" aria-label="Summary">
        <div class="summary-head">
          <p class="big-amount">{formatMoney(s.amount, s.currency)}</p>
          <Badge tone={STATE_TONES[s.state]}>{SCHEDULE_STATES[s.state]}</Badge>
        </div>
        <p class="schedules-job">{s.job.description ?? 'A job the back office cannot put in words; its expression is below.'}</p>
        <dl class="facts">
          <dt>Schedule id</dt>
          <dd class="mono">
            {s.id} <CopyButton value={s.id} what="schedule id" />
          </dd>
          <dt>Expression</dt>
          <dd class="mono">{s.job.expression}</dd>
          <dt>Time zone</dt>
          <dd>{s.job.timeZone}</dd>
          <dt>Type</dt>
          <dd>
            {label(PAYMENT_TYPES, s.paymentType)} <span class="muted">({s.paymentType})</span>
          </dd>
          <dt>Card</dt>
          <dd>{s.card ? <CardText card={s.card} /> : '—'}</dd>
          <dt>Channel</dt>
          <dd>{s.channel.name}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(s.createdAt)}</dd>
          {s.startAt !== null && (
            <>
              <dt>Starts</dt>
              <dd>{formatInZone(s.startAt, s.job.timeZone)}</dd>
            </>
          )}
          {s.endAt !== null && (
            <>
              <dt>Ends</dt>
              <dd>{formatInZone(s.endAt, s.job.timeZone)}</dd>
            </>
          )}
        </dl>
      </section>
      <div class="columns">
        <Charges charges={s.charges} timeZone={s.job.timeZone} />
        <section class="card" aria-labelledby="next-runs-title">
          <h2 id="next-runs-title">Next runs</h2>
          {s.nextRuns.length === 0 ? (
            <p class="muted">{s.state === 'active' ? 'No further runs.' : `None: the schedule is ${SCHEDULE_STATES[s.state].toLowerCase()}.`}</p>
          ) : (
            <ol class="plain-list schedules-runs">
              {s.nextRuns.map((at) => (
                <li key={at}>{formatInZone(at, s.job.timeZone)}</li>
              ))}
            </ol>
          )}
        </section>
      </div>
      {cancelling && (
        <Confirm
          title="Cancel schedule"
          confirm="Cancel schedule"
          danger
          run={() => api('POST', `/schedules/${encodeURIComponent(s.id)}/cancel`)}
          onClose={() => setCancelling(false)}
          onDone={() => {
            setCancelling(false);
            setDone('The schedule is cancelled: it charges nothing more.');
            detail.reload();
          }}
        >
          <p>
            Cancel the charges of <strong>{formatMoney(s.amount, s.currency)}</strong> {s.job.description ? `(${s.job.description})` : ''}
            {s.card ? ` on the ${s.card.paymentBrand} card ending ${s.card.last4}` : ''}?
          </p>
          <p>
            {s.nextRunAt !== null ? `The next run, ${formatInZone(s.nextRunAt, s.job.timeZone)}, and every one after it will not be charged. ` : ''}Charges made already stay as they are. This cannot be
            undone: the shop would create a new schedule.
          </p>
        </Confirm>
      )}
    </Page>
  );
}

function CardText({ card }: { card: NonNullable<ScheduleDetail['card']> }) {
  return (
    <>
      {card.paymentBrand} <span class="mono">{maskedNumber(card)}</span> <span class="muted">· expires {expiry(card)}</span>
      {card.holder && <span class="muted"> · {card.holder}</span>}
      {card.deleted && (
        <>
          {' '}
          <Badge tone="bad">Deleted</Badge>
        </>
      )}
    </>
  );
}

function Charges({ charges, timeZone }: { charges: readonly ScheduleCharge[]; timeZone: string }) {
  return (
    <section class="card" aria-labelledby="charges-title">
      <h2 id="charges-title">Charges</h2>
      {charges.length === 0 ? (
        <p class="muted">No charges yet.</p>
      ) : (
        <table class="table">
          <caption class="visually-hidden">Charges, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Outcome</th>
              <th scope="col">Result</th>
              <th scope="col">Payment</th>
            </tr>
          </thead>
          <tbody>
            {charges.map((c) => (
              <tr key={c.id}>
                <td data-label="Run">{formatInZone(c.scheduledAt, timeZone)}</td>
                <td data-label="Outcome">
                  <Badge tone={CHARGE_STATUSES[c.status].tone}>{CHARGE_STATUSES[c.status].label}</Badge>
                </td>
                <td data-label="Result" class="wrap">
                  {c.result ? (
                    <>
                      <span class="mono">{c.result.code}</span> <span class="muted">{c.result.description}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label="Payment">
                  {c.paymentId ? (
                    <a href={`/payments/${encodeURIComponent(c.paymentId)}`}>
                      View payment<span class="visually-hidden"> of {formatInZone(c.scheduledAt, timeZone)}</span>
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
