// The confirmation of a capture, refund or reversal. It states the amount in words before it is
// sent; one idempotency key is made when the dialog opens, so however often Confirm is pressed
// (or retried after a lost answer) the relay does it once. The API's refusal is shown as it says it.

import { useMemo, useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import type { PaymentDetail } from '../../api/types.js';
import { Dialog, DialogButtons } from '../../components/dialog.js';
import { Field } from '../../components/field.js';
import { ErrorNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';
import { formatDateTime } from '../../format/dates.js';
import { AMOUNT, formatMoney } from '../../format/money.js';

export type PaymentAction = 'capture' | 'refund' | 'reverse';

interface Props {
  action: PaymentAction;
  payment: PaymentDetail['payment'];
  allowed: PaymentDetail['allowed'];
  onClose: () => void;
  onDone: (message: string) => void;
}

const TITLES: Record<PaymentAction, string> = { capture: 'Capture payment', refund: 'Refund payment', reverse: 'Reverse payment' };
const DONE: Record<PaymentAction, string> = { capture: 'Captured', refund: 'Refunded', reverse: 'Reversed' };

export function ActionDialog({ action, payment, allowed, onClose, onDone }: Props) {
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const limit = action === 'reverse' ? undefined : allowed[action];
  const currency = limit?.currency ?? payment.currency;
  const [amount, setAmount] = useState(limit?.max ?? payment.amount);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string }>();
  const amountProblem = limit && !AMOUNT.test(amount.trim()) ? 'Enter an amount such as 12.50.' : undefined;
  const shown = formatMoney(action === 'reverse' ? payment.amount : amount.trim() || '0', currency);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy || amountProblem) return;
    setBusy(true);
    setError(undefined);
    try {
      const body = action === 'reverse' ? { idempotencyKey } : { amount: amount.trim(), currency, idempotencyKey };
      await api('POST', `/payments/${encodeURIComponent(payment.id)}/${action}`, body);
      onDone(`${DONE[action]} ${shown}.`);
    } catch (e) {
      const failure = asApiError(e);
      const code = failure.body.resultCode ? ` (${failure.body.resultCode})` : '';
      setError({ message: `${failure.code === 'refused' ? 'Not done. ' : ''}${failure.message}${code}` });
      setBusy(false);
    }
  };

  return (
    <Dialog title={TITLES[action]} busy={busy} onClose={onClose}>
      <form method="dialog" onSubmit={submit} noValidate>
        <div class="dialog-body">
          <p class="dialog-payment muted">
            {formatDateTime(payment.createdAt)}
            {payment.merchantTransactionId ? ` · order ${payment.merchantTransactionId}` : ''}
            {payment.email ? ` · ${payment.email}` : ''}
          </p>
          {limit && (
            <Field label={`Amount (${currency})`} hint={`Up to ${formatMoney(limit.max, currency)}.`} error={amountProblem}>
              {({ id, describedBy, invalid }) => (
                <input id={id} inputMode="decimal" autocomplete="off" aria-describedby={describedBy} aria-invalid={invalid} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
              )}
            </Field>
          )}
          <p class="dialog-question">{question(action, shown)}</p>
        </div>
        <ErrorNotice error={error} />
        <DialogButtons confirm={`${verb(action)} ${shown}`} busy={busy} danger={action !== 'capture'} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function verb(action: PaymentAction): string {
  return action === 'capture' ? 'Capture' : action === 'refund' ? 'Refund' : 'Reverse';
}

function question(action: PaymentAction, amount: string): string {
  if (action === 'capture') return `${amount} will be taken from the customer's authorized funds.`;
  if (action === 'refund') return `${amount} will be paid back to the customer. This cannot be undone.`;
  return `The authorization of ${amount} will be released; nothing more can be captured. This cannot be undone.`;
}
