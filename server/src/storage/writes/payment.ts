// A new payment with its parts, written together: if the payment cannot be written, neither are they.

import type { EpochMs, PaymentRecord, RegistrationRecord } from '../../domain/records.js';
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { JobRecord } from '../../domain/job.js';
import type { OccurrenceCharge } from '../../domain/schedules.js';
import type { ClaimAnswer } from '../repositories/index.js';
import { OccurrenceNotDueError } from '../schedules.js';
import type { Store } from '../store.js';
import { atomically } from './atomically.js';
import { outboxStatements } from './outbox.js';

/** What a new payment brings along, written in the payment's own transaction. */
export interface NewPaymentParts {
  /** createRegistration: the card stored for the payment (its registrationId). */
  registration?: RegistrationRecord;
  /**
   * Widget flow: the payment ends the attempt on its checkout (payment.checkoutId) that claimed it.
   * A success becomes the checkout's one success; declined counts a decline; pending holds the
   * checkout until pendingLeaseUntil. Success and pending bind shopperResultUrl if none is bound.
   */
  attempt?: { pendingLeaseUntil: EpochMs; shopperResultUrl: string | null };
  /** The answer of the idempotency claim the payment was made under. */
  answer?: ClaimAnswer;
  /** The work the payment causes (the outbox), queued in the payment's transaction. */
  jobs?: readonly JobRecord[];
  /** The webhook events it tells of, written (and fanned out) in the payment's transaction. */
  events?: readonly WebhookEvent[];
  /**
   * A schedule's charge: the occurrence it pays ends with the payment, and the payment is written
   * only while the occurrence is still due (not cancelled, not charged by another run): false.
   */
  occurrence?: OccurrenceCharge;
}

/** False = a success refused because its checkout has one already, or an occurrence no longer due; nothing written. */
export function writePayment(store: Store, p: PaymentRecord, parts: NewPaymentParts = {}): Promise<boolean> {
  const { registration, attempt, answer, jobs, events, occurrence } = parts;
  // The hot path: a payment alone (with its answer, jobs and events) is plain inserts, in one
  // group-commit batch; a schedule's charge adds its occurrence's guard, first.
  if (!registration && !attempt) {
    const guard = occurrence ? [store.schedules.chargeOccurrenceStatement(occurrence)] : [];
    return store.writeTogether([...guard, store.payments.insertStatement(p), ...outboxStatements(store, answer, jobs, events)]).then(
      () => true,
      (error: unknown) => {
        if (error instanceof OccurrenceNotDueError) return false;
        throw error;
      },
    );
  }
  const checkoutId = p.checkoutId;
  if (attempt && checkoutId === null) throw new Error('a payment that ends a checkout attempt must name its checkout');
  return atomically(store, async (tx) => {
    // A schedule's charge: only while its occurrence is still due (a cancel got there first, or another run did).
    if (occurrence && !(await tx.schedules.chargeOccurrence(occurrence))) return false;
    // The checkout row first, as in writeSettlement: one lock order, so PostgreSQL never deadlocks.
    if (attempt && checkoutId !== null) {
      if (!(await tx.checkouts.endAttempt(checkoutId, p.id, p.status, { ...attempt, payment: 'new' }))) return false;
    }
    if (registration) await tx.registrations.insert(registration);
    await tx.payments.insert(p);
    await tx.writeTogether(outboxStatements(tx, answer, jobs, events));
    return true;
  });
}
