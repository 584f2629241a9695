// The filters of the stored cards' and schedules' lists: the channel (when the person sees more
// than one) and, for schedules, the state. Applied with the button, so choosing an option never
// moves the page under a keyboard or screen reader user.

import { useEffect, useState } from 'preact/hooks';
import type { Channel } from '../../api/types.js';
import { Choice } from '../payments/choice.js';

export type ListFilterValues = Partial<Record<'channel' | 'state', string>>;

interface Props {
  label: string;
  values: ListFilterValues;
  channels: readonly Channel[];
  /** The state filter's options, for the schedules. */
  states?: Readonly<Record<string, string>>;
  onApply: (values: ListFilterValues) => void;
}

export function ListFilters({ label, values, channels, states, onApply }: Props) {
  const [draft, setDraft] = useState<ListFilterValues>(values);
  const key = JSON.stringify(values);
  useEffect(() => setDraft(values), [key]);
  if (channels.length < 2 && !states) return null;
  const set = (name: keyof ListFilterValues) => (event: Event) => setDraft((d) => ({ ...d, [name]: (event.currentTarget as HTMLSelectElement).value || undefined }));
  const submit = (event: Event) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form class="filters filter-grid audit-filters" aria-label={label} onSubmit={submit}>
      {channels.length > 1 && <Choice label="Channel" value={draft.channel} options={Object.fromEntries(channels.map((c) => [c.entityId, c.name]))} onInput={set('channel')} />}
      {states && <Choice label="State" value={draft.state} options={states} onInput={set('state')} />}
      <div class="filter-buttons">
        <button type="submit" class="button button-primary">
          Apply
        </button>
      </div>
    </form>
  );
}
