// Which channels an invited person may see: every channel (also ones added later) by default, or
// only those ticked. The page shows it only when the merchant has more than one channel.

import { useId } from 'preact/hooks';
import type { Channel } from '../../api/types.js';

interface Props {
  channels: readonly Channel[];
  /** null: every channel. */
  value: readonly string[] | null;
  onChange: (value: string[] | null) => void;
  error?: string | undefined;
}

export function ChannelChoice({ channels, value, onChange, error }: Props) {
  const errorId = useId();
  return (
    <fieldset class="fieldset channel-choice" aria-describedby={error ? errorId : undefined}>
      <legend>Channels</legend>
      <label class="check">
        <input type="checkbox" checked={value === null} onChange={(e) => onChange(e.currentTarget.checked ? null : [])} />
        All channels, also ones added later
      </label>
      {value !== null &&
        channels.map((channel) => (
          <label class="check" key={channel.entityId}>
            <input
              type="checkbox"
              checked={value.includes(channel.entityId)}
              onChange={(e) => onChange(e.currentTarget.checked ? [...value, channel.entityId] : value.filter((id) => id !== channel.entityId))}
            />
            {channel.name}
          </label>
        ))}
      {error && (
        <p class="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
