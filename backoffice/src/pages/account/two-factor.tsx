// Setting up the second factor: a new secret (as text and as an otpauth:// address an
// authenticator app takes), confirmed with a first code, after which the recovery codes are
// shown once. Turning it off needs a code, and is not offered when the business requires it.

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { me, loadSession } from '../../api/session.js';
import { Secret } from '../../components/copy-button.js';
import { Field } from '../../components/field.js';
import { ErrorNotice, StatusNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';

type Step = { at: 'idle' } | { at: 'setup'; secret: string; otpauthUrl: string } | { at: 'recovery'; codes: string[] };

export function TwoFactor() {
  const status = me.value?.twoFactor ?? { enabled: false, required: false };
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof asApiError>>();
  const [message, setMessage] = useState<string>();

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      await work();
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(async () => setStep({ at: 'setup', ...(await api<{ secret: string; otpauthUrl: string }>('POST', '/me/two-factor')) }));
  const confirm = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const { recoveryCodes } = await api<{ recoveryCodes: string[] }>('POST', '/me/two-factor/confirm', { code: code.trim() });
      setCode('');
      setStep({ at: 'recovery', codes: recoveryCodes });
      await loadSession();
    });
  };
  const turnOff = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await api('DELETE', '/me/two-factor', { code: code.trim() });
      setCode('');
      setMessage('Two-factor sign-in is off.');
      await loadSession();
    });
  };

  const codeField = (hint: string) => (
    <Field label="Code from the app" hint={hint} error={error?.parameter('code')}>
      {({ id, describedBy, invalid }) => (
        <input id={id} autocomplete="one-time-code" inputMode="numeric" required aria-describedby={describedBy} aria-invalid={invalid} value={code} onInput={(e) => setCode(e.currentTarget.value)} />
      )}
    </Field>
  );

  return (
    <section class="card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {message && <StatusNotice>{message}</StatusNotice>}
      {step.at === 'recovery' ? (
        <div class="reveal" role="region" aria-label="Recovery codes">
          <p>
            <strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once if your phone is lost. They are shown only now.
          </p>
          <Secret value={step.codes.join('\n')} what="recovery codes" />
          <button type="button" class="button button-small" onClick={() => setStep({ at: 'idle' })}>
            I have saved them
          </button>
        </div>
      ) : step.at === 'setup' ? (
        <form class="stack" onSubmit={confirm}>
          <p>Add this account to your authenticator app with the key below (or the address, in apps that take one), then enter the code it shows.</p>
          <p class="label">Key</p>
          <Secret value={step.secret} what="two-factor key" />
          <p class="label">Address</p>
          <Secret value={step.otpauthUrl} what="otpauth address" />
          {codeField('Six digits, renewed every 30 seconds.')}
          <div class="button-row">
            <button type="submit" class="button button-primary" disabled={busy} aria-busy={busy}>
              Turn on
            </button>
            <button type="button" class="button button-quiet" onClick={() => setStep({ at: 'idle' })}>
              Cancel
            </button>
          </div>
        </form>
      ) : status.enabled ? (
        <>
          <p>On: signing in asks for a code of your authenticator app.</p>
          {status.required ? (
            <p class="muted">Your business requires it, so it cannot be turned off.</p>
          ) : (
            <form class="inline-form" onSubmit={turnOff}>
              {codeField('To turn it off, confirm with a current code.')}
              <button type="submit" class="button button-danger-quiet" disabled={busy} aria-busy={busy}>
                Turn off
              </button>
            </form>
          )}
        </>
      ) : (
        <>
          <p>{status.required ? 'Your business requires a second factor: set it up now.' : 'Off. With it on, a stolen password alone cannot open your account.'}</p>
          <button type="button" class="button button-primary" onClick={start} disabled={busy} aria-busy={busy}>
            Set up two-factor sign-in
          </button>
        </>
      )}
      <ErrorNotice error={error && !error.parameter('code') ? error : undefined} />
    </section>
  );
}
