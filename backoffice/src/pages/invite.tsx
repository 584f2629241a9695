// Accepting an invitation (/invitations/:token): the person chooses a password and is signed in. The
// API's password policy (length, common passwords) answers with what is wrong, shown at the field.

import { useLocation, useRoute } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client.js';
import { signedIn } from '../api/session.js';
import type { Me } from '../api/types.js';
import { Field } from '../components/field.js';
import { ErrorNotice, Loading } from '../components/notice.js';
import { asApiError, useLoad } from '../components/use-load.js';
import { AuthFrame } from './auth-frame.js';

export function InvitePage() {
  const { params } = useRoute();
  const token = params.token ?? '';
  const invitation = useLoad(() => api<{ email: string; merchantName: string }>('GET', `/invitations/${encodeURIComponent(token)}`), [token]);
  useEffect(() => {
    document.title = 'Accept invitation · Back office';
  }, []);

  if (invitation.loading) return <AuthFrame title="Accept invitation"><Loading what="the invitation" /></AuthFrame>;
  if (invitation.error || !invitation.data) {
    const gone = invitation.error?.status === 404;
    return (
      <AuthFrame title="Accept invitation">
        <ErrorNotice error={{ message: gone ? 'This invitation link has been used or has expired. Ask the person who invited you for a new one.' : (invitation.error?.message ?? '') }} />
        <p>
          <a href="/">Go to sign-in</a>
        </p>
      </AuthFrame>
    );
  }
  return <AcceptForm token={token} email={invitation.data.email} merchantName={invitation.data.merchantName} />;
}

function AcceptForm({ token, email, merchantName }: { token: string; email: string; merchantName: string }) {
  const { route } = useLocation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [mismatch, setMismatch] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setMismatch(password !== repeat);
    if (password !== repeat) return;
    setBusy(true);
    setError(undefined);
    try {
      signedIn(await api<Me>('POST', `/invitations/${encodeURIComponent(token)}/accept`, { password }));
      route('/', true);
    } catch (e) {
      setError(asApiError(e));
      setBusy(false);
    }
  };

  const passwordProblem = error?.parameter('password') ?? (error?.status === 400 ? error.message : undefined);
  return (
    <AuthFrame title={`Join ${merchantName}`} lead={<>You were invited as <strong>{email}</strong>. Choose a password to finish.</>}>
      <form class="stack" onSubmit={submit} noValidate>
        <input type="email" name="username" autocomplete="username" value={email} readOnly hidden />
        <Field label="Password" hint="At least 12 characters. Long phrases are easy to remember and hard to guess." error={passwordProblem}>
          {({ id, describedBy, invalid }) => (
            <input id={id} type="password" autocomplete="new-password" required aria-describedby={describedBy} aria-invalid={invalid} value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
          )}
        </Field>
        <Field label="Password again" error={mismatch ? 'The two passwords differ.' : undefined}>
          {({ id, describedBy, invalid }) => (
            <input id={id} type="password" autocomplete="new-password" required aria-describedby={describedBy} aria-invalid={invalid} value={repeat} onInput={(e) => setRepeat(e.currentTarget.value)} />
          )}
        </Field>
        <ErrorNotice error={error && !passwordProblem ? error : undefined} />
        <button type="submit" class="button button-primary button-wide" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Set password and sign in'}
        </button>
      </form>
    </AuthFrame>
  );
}
