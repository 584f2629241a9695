// Inviting a person: their e-mail and role make a one-time link (valid 24 hours) that the
// inviter hands over; the back office sends no e-mail itself. With more than one channel, the
// inviter may limit which channels the person sees.

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import type { Channel, Role } from '../../api/types.js';
import { Secret } from '../../components/copy-button.js';
import { Field } from '../../components/field.js';
import { ErrorNotice } from '../../components/notice.js';
import { asApiError } from '../../components/use-load.js';
import { ChannelChoice } from './channel-choice.js';
import { RoleSelect } from './role-select.js';

export function InviteForm({ channels, onInvited }: { channels: readonly Channel[]; onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [channelIds, setChannelIds] = useState<string[] | null>(null);
  const noChannel = channelIds !== null && channelIds.length === 0;
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof asApiError>>();
  const [link, setLink] = useState<{ email: string; url: string }>();

  const submit = async (event: Event) => {
    event.preventDefault();
    setTried(true);
    if (busy || noChannel) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api<{ inviteUrl: string }>('POST', '/users', { email: email.trim(), role, ...(channelIds ? { channelIds } : {}) });
      setLink({ email: email.trim(), url: answer.inviteUrl });
      setEmail('');
      setChannelIds(null);
      setTried(false);
      onInvited();
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a person</h2>
      {link && (
        <div class="reveal" role="region" aria-label="Invitation link">
          <p>
            Send this link to <strong>{link.email}</strong>. It works once, for 24 hours.
          </p>
          <Secret value={link.url} what="invitation link" />
        </div>
      )}
      <form class="inline-form" onSubmit={submit}>
        <Field label="E-mail" error={error?.parameter('email')}>
          {({ id, describedBy, invalid }) => <input id={id} type="email" required autocomplete="off" aria-describedby={describedBy} aria-invalid={invalid} value={email} onInput={(e) => setEmail(e.currentTarget.value)} />}
        </Field>
        <RoleSelect fieldLabel="Role" role={role} onChange={setRole} />
        {channels.length > 1 && (
          <ChannelChoice channels={channels} value={channelIds} onChange={setChannelIds} error={(tried && noChannel ? 'Tick at least one channel, or all channels.' : undefined) ?? error?.parameter('channelIds')} />
        )}
        <button type="submit" class="button button-primary" disabled={busy} aria-busy={busy}>
          Create invitation link
        </button>
      </form>
      <ErrorNotice error={error && !error.parameter('email') && !error.parameter('channelIds') ? error : undefined} />
    </section>
  );
}
