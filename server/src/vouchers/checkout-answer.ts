// How a checkout paid with a slip (the widget's slip form) reads for the merchant's server: pending
// with the slip's code (000.100.112) while the shopper has still to pay it; once the slip is
// confirmed, the PA with the confirmation's code (000.000.000), so the shop sees the success
// without looking for the RC (the PA's own record keeps the code it was issued with); once expired,
// the declined PA (100.396.103). The shopper pays days later, so the slip is read past the
// checkout's 30 minutes.

import type { RelayContext } from '../flows/context.js';
import type { CheckoutRecord, PaymentRecord } from '../domain/records.js';
import type { Outcome } from '../flows/outcome.js';
import { resultView } from '../flows/response.js';
import { SLIP_CONFIRMED_CODE } from './settle-slip.js';
import { slipStateOf } from './slip-state.js';

/** A slip still waiting for the shopper's payment. */
export function isOpenSlip(payment: PaymentRecord | undefined): boolean {
  return payment?.status === 'pending' && payment.pendingKind === 'slip';
}

/** A slip, open or ended (its state stays with the PA once paid or expired). */
export function isSlip(payment: PaymentRecord | undefined): boolean {
  return payment !== undefined && payment.paymentType === 'PA' && slipStateOf(payment.pendingJson) !== undefined;
}

/** The checkout's answer for its payment: a confirmed slip reads as the confirmation's success. */
export function checkoutAnswerOf(payment: PaymentRecord): Record<string, unknown> {
  const body = JSON.parse(payment.responseJson) as Record<string, unknown>;
  if (payment.status === 'success' && payment.paymentType === 'PA' && slipStateOf(payment.pendingJson)) body.result = resultView(SLIP_CONFIRMED_CODE);
  return body;
}

/**
 * The slip a checkout already issued and that is still open: a second submit (the shopper came
 * back to the form) is sent to that slip again rather than issuing another, and never settles it
 * as an abandoned attempt.
 */
export async function openSlipAnswer(ctx: RelayContext, checkout: CheckoutRecord): Promise<Outcome | undefined> {
  const last = checkout.lastPaymentId ? await ctx.store.payments.findById(checkout.lastPaymentId) : undefined;
  if (!last || last.checkoutId !== checkout.id || !isOpenSlip(last)) return undefined;
  const issued = JSON.parse(last.responseJson) as Record<string, unknown>;
  return { kind: 'ok', body: { id: last.id, result: issued.result, ...(issued.redirect ? { redirect: issued.redirect } : {}) } };
}
