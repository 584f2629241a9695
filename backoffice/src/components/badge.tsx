// A payment's or a person's state as a word with a quiet colour; the word carries the meaning,
// the colour only helps the eye.

import { label, STATUSES } from '../format/labels.js';

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge badge-${status}`}>{label(STATUSES, status)}</span>;
}

export function Badge({ tone, children }: { tone: 'ok' | 'wait' | 'bad' | 'plain'; children: string }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}
