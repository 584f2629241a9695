// A payment by its id (a slip, a redirect payment or a card payment the shop just made) with the
// test tools that fit it, without going through the payments list.

import { useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import { StatusBadge } from '../../components/badge.js';
import { Field } from '../../components/field.js';
import { ErrorNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';
import { formatMoney } from '../../format/money.js';
import { TestToolsPanel } from './test-tools-panel.js';
import type { DetailWithTests } from './types.js';

export function PaymentLookup() {
  const [id, setId] = useState('');
  const [detail, setDetail] = useState<DetailWithTests>();
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);

  const load = async (paymentId: string) => {
    setBusy(true);
    try {
      setDetail(await api<DetailWithTests>('GET', `/payments/${encodeURIComponent(paymentId)}`));
      setError(undefined);
    } catch (e) {
      const failure = asApiError(e);
      setDetail(undefined);
      setError(failure.status === 404 ? Object.assign(failure, { message: 'There is no such payment, or it belongs to a channel you cannot see.' }) : failure);
    } finally {
      setBusy(false);
    }
  };
  const find = (event: Event) => {
    event.preventDefault();
    const wanted = id.trim();
    if (wanted) void load(wanted);
  };

  return (
    <section class="card" aria-labelledby="lookup-title">
      <h2 id="lookup-title">A payment</h2>
      <form class="inline-form" onSubmit={find} noValidate>
        <Field label="Payment id" hint="The id the merchant API answered (32 characters).">
          {({ id: inputId, describedBy }) => <input id={inputId} class="mono" autocomplete="off" spellcheck={false} aria-describedby={describedBy} value={id} onInput={(e) => setId(e.currentTarget.value)} />}
        </Field>
        <button type="submit" class="button button-primary" disabled={busy} aria-busy={busy}>
          Find payment
        </button>
      </form>
      <ErrorNotice error={error} />
      {detail && (
        <div class="test-tools-found">
          <p>
            <a href={`/payments/${encodeURIComponent(detail.payment.id)}`}>{formatMoney(detail.payment.amount, detail.payment.currency)}</a> <StatusBadge status={detail.payment.status} />{' '}
            <span class="muted">
              {detail.payment.paymentType} · {detail.payment.paymentBrand ?? '—'}
            </span>
          </p>
          {detail.allowed.test ? <TestToolsPanel detail={detail} onDone={() => void load(detail.payment.id)} /> : <p>No test tool fits this payment now.</p>}
        </div>
      )}
    </section>
  );
}
