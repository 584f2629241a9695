// The merchant's people: who has access with which role, invitations, and changing a role,
// deactivating a person or resetting their second factor. Owners are managed by owners only.

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import type { Channel, User } from '../../api/types.js';
import { ErrorNotice, Loading, StatusNotice } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { InviteForm } from './invite-form.js';
import { PersonDialogs, type PersonAction } from './person-dialogs.js';
import { PeopleTable } from './people-table.js';

export function PeoplePage() {
  const users = useLoad(() => api<{ users: User[] }>('GET', '/users'), []);
  // The channels by name, for the people's channels and the invitation's choice of them.
  const channels = useLoad(() => api<{ channels: Channel[] }>('GET', '/channels'), []).data?.channels ?? [];
  const [action, setAction] = useState<PersonAction>();
  const [done, setDone] = useState<string>();
  return (
    <Page title="People">
      {done && <StatusNotice>{done}</StatusNotice>}
      <ErrorNotice error={users.error} />
      {users.data ? <PeopleTable users={users.data.users} channels={channels} onAction={(a) => (setDone(undefined), setAction(a))} /> : users.loading && <Loading what="people" />}
      <InviteForm channels={channels} onInvited={users.reload} />
      {action && (
        <PersonDialogs
          action={action}
          channels={channels}
          onClose={() => setAction(undefined)}
          onDone={(message) => {
            setAction(undefined);
            setDone(message);
            users.reload();
          }}
        />
      )}
    </Page>
  );
}
