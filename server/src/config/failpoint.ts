// Named points on the payment path where a crash test makes the relay die as a power cut would
// (docs/security-cases.md F1): RELAY_FAILPOINTS=after-claim,after-commit. Only requests under an
// Idempotency-Key stop there, the ones a client can retry; others pass, so a test can set up its
// payments first. Unset in production, where each point costs one lookup in an empty set.

export const FAILPOINTS = [
  /** The idempotency claim is written; nothing else yet. */
  'after-claim',
  /** The simulator answered and recorded its answer; the relay has not written the payment. */
  'after-authorize',
  /** A payment or follow-up is committed; nothing else has happened since. */
  'after-commit',
] as const;

export type Failpoint = (typeof FAILPOINTS)[number];

export function failpointsFrom(raw: string | undefined): ReadonlySet<Failpoint> {
  const names = (raw ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  for (const name of names) {
    if (!(FAILPOINTS as readonly string[]).includes(name)) throw new Error(`RELAY_FAILPOINTS: unknown point ${JSON.stringify(name)}; known: ${FAILPOINTS.join(', ')}`);
  }
  return new Set(names as Failpoint[]);
}

/** Dies at once, without closing anything, if the test asked for this point. */
export function failpoint(points: ReadonlySet<Failpoint>, name: Failpoint): void {
  if (points.has(name)) process.kill(process.pid, 'SIGKILL');
}
