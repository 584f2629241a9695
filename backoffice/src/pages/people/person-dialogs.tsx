// The confirmations of what can be done to a person: a new role, other channels, deactivation (their sessions
// end), reactivation (their old password works again), a reset of their second factor (they set it up again at their next sign-in).

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import type { Channel, Role, User } from '../../api/types.js';
import { Confirm } from '../../components/confirm.js';
import { label, ROLE_NAMES } from '../../format/labels.js';
import { ChannelsDialog } from './channels-dialog.js';
import { RoleSelect } from './role-select.js';

export type PersonAction = { kind: 'role' | 'channels' | 'deactivate' | 'reactivate' | 'resetTwoFactor'; user: User };

interface Props {
  action: PersonAction;
  /** The merchant's channels, for a change of a person's channels. */
  channels: readonly Channel[];
  onClose: () => void;
  onDone: (message: string) => void;
}

export function PersonDialogs({ action, channels, onClose, onDone }: Props) {
  const { user } = action;
  const path = `/users/${encodeURIComponent(user.id)}`;
  if (action.kind === 'role') return <RoleDialog user={user} path={path} onClose={onClose} onDone={onDone} />;
  if (action.kind === 'channels') return <ChannelsDialog user={user} path={path} channels={channels} onClose={onClose} onDone={onDone} />;
  if (action.kind === 'deactivate') {
    return (
      <Confirm title="Deactivate person" confirm={`Deactivate ${user.email}`} danger run={() => api('PATCH', path, { status: 'deactivated' })} onClose={onClose} onDone={() => onDone(`${user.email} is deactivated.`)}>
        <p>
          <strong>{user.email}</strong> will be signed out everywhere and can no longer sign in.
        </p>
      </Confirm>
    );
  }
  if (action.kind === 'reactivate') {
    return (
      <Confirm title="Reactivate person" confirm={`Reactivate ${user.email}`} run={() => api('PATCH', path, { status: 'active' })} onClose={onClose} onDone={() => onDone(`${user.email} is active again.`)}>
        <p>
          <strong>{user.email}</strong> can sign in again with their password, as {label(ROLE_NAMES, user.role)}.
        </p>
      </Confirm>
    );
  }
  return (
    <Confirm title="Reset two-factor" confirm="Reset two-factor" danger run={() => api('POST', `${path}/reset-two-factor`)} onClose={onClose} onDone={() => onDone(`${user.email}'s second factor is reset.`)}>
      <p>
        <strong>{user.email}</strong> signs in with the password alone until they set up a new authenticator app (or must set one up, if your business requires it).
      </p>
    </Confirm>
  );
}

function RoleDialog({ user, path, onClose, onDone }: { user: User; path: string; onClose: () => void; onDone: (message: string) => void }) {
  const [role, setRole] = useState<Role>(user.role);
  return (
    <Confirm title="Change role" confirm="Save role" run={() => api('PATCH', path, { role })} onClose={onClose} onDone={() => onDone(`${user.email} is now ${label(ROLE_NAMES, role)}.`)}>
      <p>
        Role of <strong>{user.email}</strong>, now {label(ROLE_NAMES, user.role)}:
      </p>
      <RoleSelect fieldLabel="New role" role={role} onChange={setRole} />
    </Confirm>
  );
}
