// The simulator's memory of what it answered, as a processor's test system has one. An
// authorization made under a reference is recorded before its answer goes back to the relay, so
// that the relay can ask about it after a crash (docs/security-cases.md F1, in-doubt.ts).
//
// Only requests under an idempotency claim carry a reference: a client can retry only those, and
// only their claim tells the relay after a restart that a request was under way. A stand-alone
// registration's card check moves no money and is not recorded.

import type { Store } from '../storage/store.js';
import type { EpochMs } from '../domain/records.js';
import type { AuthorizationOutcome } from './types.js';

export interface JournalEntry {
  entityId: string;
  /** The relay's id for the payment it is about to write. */
  paymentId: string;
  paymentType: string;
  amount: number;
  currency: string;
}

export async function recordAnswer(store: Store, reference: string, entry: JournalEntry, outcome: AuthorizationOutcome, now: EpochMs): Promise<void> {
  await store.simulatorJournal.recordAuthorization({
    reference,
    ...entry,
    resultCode: outcome.kind === 'challenge' || outcome.kind === 'redirect' ? '000.200.000' : outcome.resultCode,
    // A redirect awaits the shopper as a challenge does: both are voided when left in doubt.
    state: outcome.kind === 'redirect' ? 'challenge' : outcome.kind,
    createdAt: now,
    voidedAt: null,
  });
}

/** What the simulator says of a request the relay never finished. */
export type InDoubtAnswer =
  /** It never reached the simulator. */
  | { kind: 'unknown' }
  /** It was approved (or awaited 3-D Secure) and is now voided: the relay never wrote it. */
  | { kind: 'voided'; paymentId: string }
  /** It was declined, or voided before: nothing to undo. */
  | { kind: 'nothing-to-void'; paymentId: string };

/**
 * Asks the simulator about a request left in doubt, and voids what it authorized: the relay keeps
 * no card data of a request it did not write, so it cannot write that payment now, and the
 * client's retry pays afresh. Called only for a claim whose effect was never committed (the
 * claim's answer is written with the effect), so an approval found here is always an orphan.
 */
export async function resolveInDoubt(store: Store, reference: string, now: EpochMs): Promise<InDoubtAnswer> {
  const authorization = await store.simulatorJournal.findAuthorization(reference);
  if (!authorization) return { kind: 'unknown' };
  const kind = (await store.simulatorJournal.voidAuthorization(reference, now)) ? 'voided' : 'nothing-to-void';
  return { kind, paymentId: authorization.paymentId };
}
