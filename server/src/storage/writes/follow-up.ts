// A follow-up (CP, RF, RV, CB, CR) or a settlement of a pending payment by a record: the guarded
// change to the referenced row and the record to insert, applied atomically.

import type { CompiledQuery } from 'kysely';
import type { LedgerChange } from '../../domain/lifecycle.js';
import type { EpochMs, PaymentRecord } from '../../domain/records.js';
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { JobRecord } from '../../domain/job.js';
import type { ClaimAnswer } from '../repositories/index.js';
import type { Store } from '../store.js';
import { atomically } from './atomically.js';
import { outboxStatements } from './outbox.js';

export interface FollowUpWrite {
  referencedId: string;
  entityId: string;
  change: LedgerChange;
  /** Inserted only when the guard held. */
  record: PaymentRecord;
  now: EpochMs;
  /** Written with the record, only when the guard held. */
  answer?: ClaimAnswer;
  /** The work the follow-up causes (the outbox), queued only when the guard held. */
  jobs?: readonly JobRecord[];
  /** The webhook events it tells of, written (and fanned out) only when the guard held. */
  events?: readonly WebhookEvent[];
  /**
   * Further statements that tell of the follow-up (the back office's audit row), written in its
   * transaction, only when the guard held: a failure of one rolls the follow-up back.
   */
  also?: readonly CompiledQuery[];
}

/** Applies the lifecycle guard and inserts the record in one transaction; false = guard failed, nothing written. */
export async function writeFollowUp(store: Store, w: FollowUpWrite): Promise<boolean> {
  if (w.record.entityId !== w.entityId || w.record.referencedId !== w.referencedId) {
    throw new Error('follow-up record must belong to the entity and reference the payment it changes');
  }
  return atomically(store, async (tx) => {
    if (!(await tx.payments.applyChange(w.referencedId, w.entityId, w.change, w.now))) return false;
    await tx.payments.insert(w.record);
    await tx.writeTogether([...outboxStatements(tx, w.answer, w.jobs, w.events), ...(w.also ?? [])]);
    return true;
  });
}
