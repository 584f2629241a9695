// The people as a table (cards on a small screen), each with the actions the signed-in person
// may take on them.

import { me } from '../../api/session.js';
import type { Channel, User } from '../../api/types.js';
import { Badge } from '../../components/badge.js';
import { formatDateTime } from '../../format/dates.js';
import { label, ROLE_NAMES } from '../../format/labels.js';
import type { PersonAction } from './person-dialogs.js';
import { mayManage } from './roles.js';

const STATUS_TONE = { active: 'ok', invited: 'wait', deactivated: 'plain' } as const;
const STATUS_NAME = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' } as const;

export function PeopleTable({ users, channels, onAction }: { users: readonly User[]; channels: readonly Channel[]; onAction: (action: PersonAction) => void }) {
  const self = me.value?.user.id;
  const channelName = (id: string) => channels.find((c) => c.entityId === id)?.name ?? id;
  return (
    <table class="table people-table">
      <caption class="visually-hidden">People with access</caption>
      <thead>
        <tr>
          <th scope="col">E-mail</th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Two-factor</th>
          <th scope="col">Last sign-in</th>
          <th scope="col">
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <td data-label="E-mail" class="wrap">
              {/* One child: on a small screen the cell is a flex row of its label and its content. */}
              <div>
                {user.email}
                {user.id === self && <span class="muted"> (you)</span>}
                {user.channelIds && <div class="muted small">Channels: {user.channelIds.map(channelName).join(', ')}</div>}
              </div>
            </td>
            <td data-label="Role">{label(ROLE_NAMES, user.role)}</td>
            <td data-label="Status">
              <Badge tone={STATUS_TONE[user.status] ?? 'plain'}>{STATUS_NAME[user.status] ?? user.status}</Badge>
            </td>
            <td data-label="Two-factor">{user.twoFactor ? 'On' : 'Off'}</td>
            <td data-label="Last sign-in">{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}</td>
            <td class="row-actions">
              {user.id !== self && mayManage(user) && user.status !== 'deactivated' && (
                <>
                  <button type="button" class="button button-small" onClick={() => onAction({ kind: 'role', user })}>
                    Change role<span class="visually-hidden"> of {user.email}</span>
                  </button>
                  {/* A choice only where there is one: a merchant with several channels. */}
                  {channels.length > 1 && (
                    <button type="button" class="button button-small" onClick={() => onAction({ kind: 'channels', user })}>
                      Change channels<span class="visually-hidden"> of {user.email}</span>
                    </button>
                  )}
                  {user.twoFactor && (
                    <button type="button" class="button button-small" onClick={() => onAction({ kind: 'resetTwoFactor', user })}>
                      Reset two-factor<span class="visually-hidden"> of {user.email}</span>
                    </button>
                  )}
                  <button type="button" class="button button-small button-danger-quiet" onClick={() => onAction({ kind: 'deactivate', user })}>
                    Deactivate<span class="visually-hidden"> {user.email}</span>
                  </button>
                </>
              )}
              {/* Only someone who once was active may be again; one who never accepted their invitation gets a new one. */}
              {user.id !== self && mayManage(user) && user.status === 'deactivated' && user.lastSignInAt !== null && (
                <button type="button" class="button button-small" onClick={() => onAction({ kind: 'reactivate', user })}>
                  Reactivate<span class="visually-hidden"> {user.email}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
