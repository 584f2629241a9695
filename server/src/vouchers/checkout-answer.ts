// How a checkout paid with a slip (the widget's slip form) reads for the merchant's server: pending
// with the slip's code (000.100.112) while the shopper has still to pay it, for as long as the slip
// is open even past the checkout's 30 minutes, since the shopper pays days later; once the slip is
// confirmed, the PA with the confirmation's code (000.000.000), so the shop sees the success
// without looking for the RC. The PA's own record keeps the code it was issued with.

import type { RelayContext } from '../app/context.js';
import type { CheckoutRecord, PaymentRecord } from '../domain/records.js';
import type { Outcome } from '../flows/outcome.js';
import { resultView } from '../payments/response.js';
import { SLIP_CONFIRMED_CODE } from './settle-slip.js';
import { slipStateOf } from './slip-state.js';

/** A slip still waiting for the shopper's payment. */
export function isOpenSlip(payment: PaymentRecord | undefined): boolean {
  return payment?.status === 'pending' && payment.pendingKind === 'slip';
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
  const last = checkout.lastPaymentId ? await ctx.store.findPaymentById(checkout.lastPaymentId) : undefined;
  if (!last || last.checkoutId !== checkout.id || !isOpenSlip(last)) return undefined;
  const issued = JSON.parse(last.responseJson) as Record<string, unknown>;
  return { kind: 'ok', body: { id: last.id, result: issued.result, ...(issued.redirect ? { redirect: issued.redirect } : {}) } };
}
