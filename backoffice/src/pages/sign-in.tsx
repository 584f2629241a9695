// Signing in: e-mail and password, then a second step for the code of an authenticator app (or a
// recovery code) when the API answers codeRequired. A lockout says how long to wait.

import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client.js';
import { sessionEnded, sessionError, signedIn } from '../api/session.js';
import type { Me } from '../api/types.js';
import { Field } from '../components/field.js';
import { ErrorNotice, StatusNotice } from '../components/notice.js';
import { asApiError } from '../components/use-load.js';
import { AuthFrame } from './auth-frame.js';

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string }>();
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = 'Sign in · Back office';
  }, []);
  useEffect(() => {
    if (step === 'code') codeInput.current?.focus();
  }, [step]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      signedIn(await api<Me>('POST', '/session', { email, password, ...(step === 'code' ? { code: code.trim() } : {}) }));
    } catch (e) {
      const failure = asApiError(e);
      if (failure.code === 'codeRequired' && step === 'password') setStep('code');
      else setError({ message: explain(failure, step) });
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="Sign in">
      {sessionEnded.value && <StatusNotice>Your session has ended. Sign in again to go on.</StatusNotice>}
      <ErrorNotice error={sessionError.value ? { message: sessionError.value } : undefined} />
      <form class="stack" onSubmit={submit} noValidate>
        {step === 'password' ? (
          <>
            <Field label="E-mail">
              {({ id }) => (
                <input id={id} type="email" name="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
              )}
            </Field>
            <Field label="Password">
              {({ id }) => (
                <input id={id} type="password" name="password" autocomplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
              )}
            </Field>
          </>
        ) : (
          <Field label="Code" hint="The 6-digit code of your authenticator app, or one of your recovery codes.">
            {({ id, describedBy }) => (
              <input
                id={id}
                ref={codeInput}
                name="code"
                autocomplete="one-time-code"
                inputMode="text"
                required
                aria-describedby={describedBy}
                value={code}
                onInput={(e) => setCode(e.currentTarget.value)}
              />
            )}
          </Field>
        )}
        <ErrorNotice error={error} />
        <button type="submit" class="button button-primary button-wide" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing in…' : step === 'code' ? 'Verify and sign in' : 'Sign in'}
        </button>
        {step === 'code' && (
          <button type="button" class="button button-quiet" onClick={() => (setStep('password'), setCode(''), setError(undefined))}>
            Use another account
          </button>
        )}
      </form>
    </AuthFrame>
  );
}

function explain(error: ApiError, step: 'password' | 'code'): string {
  if (error.code === 'tooManyAttempts') return `Too many attempts. Try again in ${waitText(error.body.retryAfterSeconds ?? 60)}.`;
  if (error.code === 'invalidCredentials') return step === 'code' ? 'That code is not right. Check your app and try again.' : 'The e-mail or the password is not right.';
  if (error.code === 'codeRequired') return 'That code is not right. Check your app and try again.';
  return error.message;
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}
