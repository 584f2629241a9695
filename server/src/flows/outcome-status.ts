// The one place a flow's outcome becomes an HTTP status: the API answers a decline or a refused
// follow-up with 400 and its result code, everything else a flow returns with 200.

import type { OutcomeKind } from './outcome.js';

const STATUS: Readonly<Record<OutcomeKind, number>> = { ok: 200, refused: 400 };

export function statusOf(kind: OutcomeKind): number {
  return STATUS[kind];
}
