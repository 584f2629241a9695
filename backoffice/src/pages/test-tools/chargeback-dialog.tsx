// A simulated chargeback: how much (up to what the payment still holds) and the network's reason,
// stated in words before it is sent. One idempotency key per dialog, so however often Confirm is
// pressed the relay charges back once.

import { useMemo, useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { Dialog, DialogButtons } from '../../components/dialog.js';
import { Field } from '../../components/field.js';
import { ErrorNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';
import { AMOUNT, formatMoney } from '../../format/money.js';
import { refusalMessage } from './refusal.js';
import type { TestToolActions } from './types.js';

interface Props {
  paymentId: string;
  offer: NonNullable<TestToolActions['chargeback']>;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Fraud is what merchants most often test against. */
const DEFAULT_REASON = '000.100.220';

export function ChargebackDialog({ paymentId, offer, onClose, onDone }: Props) {
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const [amount, setAmount] = useState(offer.max);
  const [reason, setReason] = useState(offer.reasons.some((r) => r.code === DEFAULT_REASON) ? DEFAULT_REASON : (offer.reasons[0]?.code ?? ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string }>();
  const amountProblem = AMOUNT.test(amount.trim()) ? undefined : 'Enter an amount such as 12.50.';
  const shown = formatMoney(amount.trim() || '0', offer.currency);
  const reasonText = offer.reasons.find((r) => r.code === reason)?.description ?? reason;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy || amountProblem) return;
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', `/test/payments/${encodeURIComponent(paymentId)}/chargeback`, { amount: amount.trim(), currency: offer.currency, reasonCode: reason, idempotencyKey });
      onDone(`Charged back ${shown} (${reasonText}).`);
    } catch (e) {
      setError({ message: refusalMessage(asApiError(e)) });
      setBusy(false);
    }
  };

  return (
    <Dialog title="Simulate a chargeback" busy={busy} onClose={onClose}>
      <form method="dialog" onSubmit={submit} noValidate>
        <div class="dialog-body">
          <Field label={`Amount (${offer.currency})`} hint={`Up to ${formatMoney(offer.max, offer.currency)}.`} error={amountProblem}>
            {({ id, describedBy, invalid }) => (
              <input id={id} inputMode="decimal" autocomplete="off" aria-describedby={describedBy} aria-invalid={invalid} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
            )}
          </Field>
          <Field label="Reason">
            {({ id }) => (
              <select id={id} value={reason} onChange={(e) => setReason(e.currentTarget.value)}>
                {offer.reasons.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.description} ({r.code})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <p class="dialog-question">
            The card network takes {shown} back from the merchant for “{reasonText}”; the chargeback webhook is sent. It can be reversed afterwards.
          </p>
        </div>
        <ErrorNotice error={error} />
        <DialogButtons confirm={`Charge back ${shown}`} busy={busy} danger onCancel={onClose} />
      </form>
    </Dialog>
  );
}
