// The range picker of the settlement page: two UTC business days and, with more than one channel,
// the channel. The API checks the range (a day each, from on or before to, at most 366 days) and
// names a bad bound, shown at its field.

import { useEffect, useState } from 'preact/hooks';
import type { Channel } from '../../api/types.js';
import { Field } from '../../components/field.js';

export type Range = {
  from?: string | undefined;
  to?: string | undefined;
  channel?: string | undefined;
};

interface Props {
  range: Range;
  channels: readonly Channel[];
  onApply: (range: Range) => void;
}

export function RangeForm({ range, channels, onApply }: Props) {
  const [draft, setDraft] = useState<Range>(range);
  const key = JSON.stringify(range);
  useEffect(() => setDraft(range), [key]);
  const set = (name: keyof Range) => (event: Event) => setDraft((d) => ({ ...d, [name]: (event.currentTarget as HTMLInputElement).value }));
  const wrongOrder = draft.from && draft.to && draft.from > draft.to ? 'The first day comes after the last' : undefined;
  const submit = (event: Event) => {
    event.preventDefault();
    if (!wrongOrder) onApply(draft);
  };
  return (
    <form class="inline-form settlement-range" aria-label="Settlement range" onSubmit={submit}>
      <Field label="First day" hint="UTC business day" error={wrongOrder}>
        {({ id, describedBy, invalid }) => <input id={id} type="date" required aria-describedby={describedBy} aria-invalid={invalid} value={draft.from ?? ''} onInput={set('from')} />}
      </Field>
      <Field label="Last day" hint="UTC business day">
        {({ id, describedBy }) => <input id={id} type="date" required aria-describedby={describedBy} value={draft.to ?? ''} onInput={set('to')} />}
      </Field>
      {channels.length > 1 && (
        <Field label="Channel">
          {({ id }) => (
            <select id={id} value={draft.channel ?? ''} onInput={set('channel')}>
              <option value="">All channels</option>
              {channels.map((c) => (
                <option key={c.entityId} value={c.entityId}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <button type="submit" class="button button-primary">
        Show
      </button>
    </form>
  );
}
