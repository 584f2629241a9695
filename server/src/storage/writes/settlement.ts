// The settlement of a pending payment, planned from the status table (lifecycle.ts planSettle):
// the payment's change, its checkout's attempt, its quote, registration, confirmation and outbox,
// all in one transaction or none.

import type { CompiledQuery } from 'kysely';
import { canSettle, type StatusChange } from '../../domain/lifecycle.js';
import type { EpochMs, PaymentRecord, RegistrationRecord } from '../../domain/records.js';
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { JobRecord } from '../../domain/job.js';
import type { Store } from '../store.js';
import { atomically } from './atomically.js';
import { outboxStatements } from './outbox.js';

export interface SettleWrite {
  paymentId: string;
  /** The payment's checkout, as the caller read the payment: a payment's checkout never changes. */
  checkoutId: string | null;
  change: StatusChange;
  resultCode: string;
  /** The public response with the outcome. */
  responseJson: string;
  /** Replaces the pending state; the caller strips what must not outlive the challenge. */
  pendingJson: string | null;
  now: EpochMs;
  /** createRegistration on a 3-D Secure payment: written only if the settlement is. */
  registration?: RegistrationRecord;
  /**
   * The confirmation record a change with `confirmedBy` requires (a paid slip's RC, referencing
   * the payment): inserted only if the settlement is, and at most one per payment (migration 015).
   */
  confirmation?: PaymentRecord;
  /** The work the settlement causes (the outbox), queued only if it is written. */
  jobs?: readonly JobRecord[];
  /** The webhook events it tells of, written only if it is. */
  events?: readonly WebhookEvent[];
  /**
   * Further statements that tell of the settlement (the back office's audit row), written in its
   * transaction, only if it is: a failure of one rolls the settlement back.
   */
  also?: readonly CompiledQuery[];
}

/**
 * How a settlement ended; nothing is written unless it is 'settled'. 'refused': the change is not
 * in the status table, or the payment is no longer in its `from` status. 'checkout-closed': a
 * success refused because the payment's checkout has a success already or went on to another
 * attempt; the payment is still pending and can only end as not successful.
 */
export type SettleOutcome = 'settled' | 'refused' | 'checkout-closed';

/**
 * Applies a change of the status table, only if the payment's status is still change.from, and
 * writes the registration with it. A payment of a checkout ends that checkout's attempt in the
 * same transaction, while the checkout is still on it (see SettleOutcome).
 */
export async function writeSettlement(store: Store, w: SettleWrite): Promise<SettleOutcome> {
  // Only a row of the status table applies; its `from` is the guard, checked by the database.
  if (!canSettle(w.change)) return 'refused';
  const to = w.change.to;
  if (to === 'pending') return 'refused'; // never a row of the table; narrows the type
  const registration = w.registration;
  const confirmation = w.confirmation;
  // A change confirmed by a record is written with exactly that record, and no other change is.
  if ((w.change.confirmedBy !== undefined) !== (confirmation !== undefined)) return 'refused';
  if (confirmation && (confirmation.paymentType !== w.change.confirmedBy || confirmation.referencedId !== w.paymentId)) return 'refused';
  let refusal: SettleOutcome = 'refused';
  const settled = await atomically(store, async (tx) => {
    // The checkout row first: its success and the payment's are written together, or neither.
    if (w.checkoutId !== null && !(await tx.checkouts.endAttempt(w.checkoutId, w.paymentId, to, { payment: 'settling' })) && to === 'success') {
      refusal = 'checkout-closed';
      return false;
    }
    const result = await tx.payments.settle({
      paymentId: w.paymentId,
      from: w.change.from,
      to,
      pendingKind: w.change.pendingKind,
      resultCode: w.resultCode,
      responseJson: w.responseJson,
      pendingJson: w.pendingJson,
      now: w.now,
      ...(registration ? { registrationId: registration.id } : {}),
      ...(confirmation ? { confirmedFor: { entityId: confirmation.entityId } } : {}),
    });
    if (!result) return false;
    // A pending payment that ends without success gives its currency quote back, in the same
    // transaction: the merchant may charge the shopper again at the guaranteed rate.
    if (to !== 'success' && result.fxQuoteId !== null) await tx.quotes.release(result.fxQuoteId, w.paymentId);
    if (registration) await tx.registrations.insert(registration);
    if (confirmation) await tx.payments.insert(confirmation);
    await tx.writeTogether([...outboxStatements(tx, undefined, w.jobs, w.events), ...(w.also ?? [])]);
    return true;
  });
  return settled ? 'settled' : refusal;
}
