// Changing one's password: the current one, the new one twice. The API ends the person's other
// sessions, which the page says, so nobody wonders why another browser signed out.

import { useState } from 'preact/hooks';
import { api, useCsrfToken } from '../../api/client.js';
import { me } from '../../api/session.js';
import { Field } from '../../components/field.js';
import { ErrorNotice, StatusNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';

export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof asApiError>>();
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setDone(false);
    setMismatch(next !== repeat);
    if (next !== repeat) return;
    setBusy(true);
    setError(undefined);
    try {
      // The session gets a new token with its new cookie; the old one is refused from now on.
      const { csrfToken } = await api<{ csrfToken: string }>('POST', '/me/password', { currentPassword: current, newPassword: next });
      useCsrfToken(csrfToken);
      if (me.value) me.value = { ...me.value, csrfToken };
      setCurrent('');
      setNext('');
      setRepeat('');
      setDone(true);
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };
  const currentProblem = error?.parameter('currentPassword') ?? (error?.code === 'invalidCredentials' ? 'This is not your current password.' : undefined);
  const newProblem = error?.parameter('newPassword');
  return (
    <section class="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {done && <StatusNotice>Your password is changed. Your other sessions were signed out.</StatusNotice>}
      <form class="stack narrow" onSubmit={submit} noValidate>
        <input type="text" name="username" autocomplete="username" value={me.value?.user.email ?? ''} hidden readOnly />
        <Field label="Current password" error={currentProblem}>
          {({ id, describedBy, invalid }) => <input id={id} type="password" autocomplete="current-password" aria-describedby={describedBy} aria-invalid={invalid} value={current} onInput={(e) => setCurrent(e.currentTarget.value)} />}
        </Field>
        <Field label="New password" hint="At least 12 characters, not a common password." error={newProblem}>
          {({ id, describedBy, invalid }) => <input id={id} type="password" autocomplete="new-password" aria-describedby={describedBy} aria-invalid={invalid} value={next} onInput={(e) => setNext(e.currentTarget.value)} />}
        </Field>
        <Field label="New password again" error={mismatch ? 'The two new passwords differ.' : undefined}>
          {({ id, describedBy, invalid }) => <input id={id} type="password" autocomplete="new-password" aria-describedby={describedBy} aria-invalid={invalid} value={repeat} onInput={(e) => setRepeat(e.currentTarget.value)} />}
        </Field>
        <ErrorNotice error={error && !currentProblem && !newProblem ? error : undefined} />
        <div>
          <button type="submit" class="button button-primary" disabled={busy} aria-busy={busy}>
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
