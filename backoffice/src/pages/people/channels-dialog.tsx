// Which channels a person may see, changed: all of them (also ones added later) or those ticked.
// Their sessions end, as with any change of what they may do; they sign in again.

import { useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import type { Channel, User } from '../../api/types.js';
import { Confirm } from '../../components/confirm.js';
import { ChannelChoice } from './channel-choice.js';

interface Props {
  user: User;
  path: string;
  channels: readonly Channel[];
  onClose: () => void;
  onDone: (message: string) => void;
}

export function ChannelsDialog({ user, path, channels, onClose, onDone }: Props) {
  const [value, setValue] = useState<string[] | null>(user.channelIds ? [...user.channelIds] : null);
  const names = (ids: readonly string[]) => ids.map((id) => channels.find((c) => c.entityId === id)?.name ?? id).join(', ');
  return (
    <Confirm
      title="Change channels"
      confirm="Save channels"
      // No channel at all is no access: said here rather than in the API's words.
      run={() => (value !== null && value.length === 0 ? Promise.reject(new Error('Tick at least one channel, or all channels.')) : api('PATCH', path, { channelIds: value }))}
      onClose={onClose}
      onDone={() => onDone(value === null ? `${user.email} may see all channels.` : `${user.email} may see ${names(value)}.`)}
    >
      <p>
        The channels <strong>{user.email}</strong> may see. They are signed out and sign in again.
      </p>
      <ChannelChoice channels={channels} value={value} onChange={setValue} />
    </Confirm>
  );
}
