// The 3-D Secure step of the simulator: a pending payment waits for the shopper on a relay page
// that offers the test system's return codes; submitting it settles the payment exactly once.

import { writeCountedSettlement } from '../flows/counted-settlement.js';
import type { Config } from '../config/config.js';
import type { RelayContext } from '../flows/context.js';
import { planSettle } from '../domain/lifecycle.js';
import { CHALLENGE_TIMEOUT, completeChallenge, type PendingChallenge, type SettledOutcome } from '../simulator/three-d-secure.js';
import type { SettleOutcome } from '../storage/store.js';
import type { PaymentRecord, RegistrationRecord } from '../domain/records.js';
import { newRegistration } from './registrations.js';
import { resultView } from '../flows/response.js';
import { paymentEvent, registrationEvent } from '../webhooks/events.js';

/** What a pending payment keeps until the shopper returns; never card data in clear. */
export interface PendingState extends PendingChallenge {
  /** Where the shopper goes once authentication ends. */
  resultUrl?: string;
  checkoutId?: string;
  /** createRegistration on a 3-D Secure payment: the card sealed until the outcome is known. */
  sealedCard?: string;
  holder?: string | null;
  expiryMonth?: string;
  expiryYear?: string;
}

export function threeDSecureUrl(config: Config, paymentId: string): string {
  return `${config.publicUrl}/v1/threeDSecure/${paymentId}`;
}

export type SettleResult =
  | { kind: 'settled'; payment: PaymentRecord; pending: PendingState }
  | { kind: 'already-settled'; payment: PaymentRecord; pending: PendingState };

/** Writes the outcome of a challenge, planned from the status table; nothing unless 'settled'. */
async function settle(ctx: RelayContext, payment: PaymentRecord, pending: PendingState, outcome: SettledOutcome): Promise<SettleOutcome> {
  const approved = outcome.kind === 'approved';
  // An abandoned challenge (the test system's time-out) expires; any other refusal fails it.
  const plan = planSettle(payment, approved ? 'confirm' : outcome.resultCode === CHALLENGE_TIMEOUT.code ? 'expire' : 'fail');
  if (!plan.ok) return 'refused';
  const now = ctx.clock.now();
  const body = JSON.parse(payment.responseJson) as Record<string, unknown>;
  delete body.redirect;
  body.result = resultView(outcome.resultCode, { avsResponse: outcome.kind === 'approved' ? outcome.avsResponse : undefined, cvvResponse: outcome.cvvResponse });
  let registration: RegistrationRecord | undefined;
  if (approved && pending.sealedCard && payment.paymentBrand) {
    const card = { number: ctx.vault.open(pending.sealedCard), holder: pending.holder ?? undefined, expiryMonth: pending.expiryMonth ?? '', expiryYear: pending.expiryYear ?? '' };
    registration = newRegistration(ctx, payment.entityId, payment.paymentBrand, card, now, true, outcome.resultCode);
    body.registrationId = registration.id;
  }
  // The sealed card must not outlive the challenge; the result URL stays for a repeated visit.
  const { sealedCard: _sealed, holder: _holder, ...kept } = pending;
  const responseJson = JSON.stringify(body);
  const events = [paymentEvent(ctx, 'paymentSettled', payment, responseJson)];
  if (registration) events.push(registrationEvent(ctx, 'registrationStored', registration, registration.responseJson));
  return writeCountedSettlement(ctx, payment, {
    paymentId: payment.id,
    checkoutId: payment.checkoutId,
    change: plan.change,
    resultCode: outcome.resultCode,
    responseJson,
    pendingJson: JSON.stringify(kept),
    now,
    events,
    ...(registration ? { registration } : {}),
  });
}

/**
 * Applies the shopper's answer on the test page to a pending payment, once. A payment whose
 * checkout has meanwhile been paid, or has gone on to another attempt, cannot succeed any more
 * (L1): it ends as an abandoned attempt, as when a new submit cancels it.
 */
export async function settleChallenge(ctx: RelayContext, payment: PaymentRecord, returnCode: string): Promise<SettleResult> {
  const pending = JSON.parse(payment.pendingJson ?? '{}') as PendingState;
  let written = await settle(ctx, payment, pending, completeChallenge(pending, returnCode));
  if (written === 'checkout-closed') written = await settle(ctx, payment, pending, completeChallenge(pending, CHALLENGE_TIMEOUT.code));
  const fresh = (await ctx.store.payments.findById(payment.id)) ?? payment;
  // Otherwise a concurrent submit settled it first, and nothing (no registration either) was written here.
  return { kind: written === 'settled' ? 'settled' : 'already-settled', payment: fresh, pending };
}
