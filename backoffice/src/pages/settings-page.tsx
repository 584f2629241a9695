// The merchant's back office settings: how much a support agent may refund at once (without a
// limit, support cannot refund), and whether everyone must sign in with a second factor.

import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { loadSession } from '../api/session.js';
import { Field } from '../components/field.js';
import { ErrorNotice, Loading, StatusNotice } from '../components/notice.js';
import { Page } from '../components/page.js';
import { asApiError, useLoad } from '../components/use-load.js';
import { AMOUNT } from '../format/money.js';

interface Settings {
  supportRefundLimit: { amount: string; currency: string } | null;
  requireTwoFactor: boolean;
}

export function SettingsPage() {
  const settings = useLoad(() => api<Settings>('GET', '/settings'), []);
  return (
    <Page title="Settings">
      <ErrorNotice error={settings.error} />
      {settings.data ? <SettingsForm settings={settings.data} /> : settings.loading && <Loading what="settings" />}
    </Page>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const [amount, setAmount] = useState(settings.supportRefundLimit?.amount ?? '');
  const [currency, setCurrency] = useState(settings.supportRefundLimit?.currency ?? 'EUR');
  const [requireTwoFactor, setRequireTwoFactor] = useState(settings.requireTwoFactor);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof asApiError>>();
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [amount, currency, requireTwoFactor]);
  const amountProblem = amount.trim() && !AMOUNT.test(amount.trim()) ? 'An amount such as 50.00, or empty for no refunds by support.' : error?.parameter('supportRefundLimit.amount');
  const currencyProblem = error?.parameter('supportRefundLimit.currency');

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy || (amount.trim() && !AMOUNT.test(amount.trim()))) return;
    setBusy(true);
    setError(undefined);
    try {
      const limit = amount.trim() ? { amount: amount.trim(), currency: currency.trim().toUpperCase() } : null;
      await api('PUT', '/settings', { supportRefundLimit: limit, requireTwoFactor });
      setSaved(true);
      await loadSession();
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card stack narrow-card" onSubmit={submit} noValidate>
      {saved && <StatusNotice>Settings saved.</StatusNotice>}
      <fieldset class="fieldset">
        <legend>Refunds by support</legend>
        <div class="inline-fields">
          <Field label="Most per refund" hint="Empty: support cannot refund." error={amountProblem}>
            {({ id, describedBy, invalid }) => <input id={id} inputMode="decimal" aria-describedby={describedBy} aria-invalid={invalid} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />}
          </Field>
          <Field label="Currency" error={currencyProblem} class="field-short">
            {({ id, describedBy, invalid }) => <input id={id} maxLength={3} autocapitalize="characters" aria-describedby={describedBy} aria-invalid={invalid} value={currency} onInput={(e) => setCurrency(e.currentTarget.value)} />}
          </Field>
        </div>
      </fieldset>
      <fieldset class="fieldset">
        <legend>Sign-in</legend>
        <label class="check">
          <input type="checkbox" checked={requireTwoFactor} onChange={(e) => setRequireTwoFactor(e.currentTarget.checked)} />
          Everyone must use two-factor sign-in
        </label>
        <p class="hint">People without it can sign in, but can do nothing until they set it up. Set up your own first.</p>
      </fieldset>
      <ErrorNotice error={error && !amountProblem && !currencyProblem ? error : undefined} />
      <div>
        <button type="submit" class="button button-primary" disabled={busy} aria-busy={busy}>
          Save settings
        </button>
      </div>
    </form>
  );
}
