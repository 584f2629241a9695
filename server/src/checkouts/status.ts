// GET /v1/checkouts/{id}/payment: the merchant's server reads the outcome. Two reads per minute per
// checkout; the first read that reports the success spends the id; after 30 minutes it expires.
// Another entity's checkout reads as not found (A1, F9).

import type { RelayContext } from '../flows/context.js';
import { ApiError } from '../domain/errors.js';
import type { Outcome } from '../flows/outcome.js';
import { resultView } from '../flows/response.js';
import type { EntityRecord } from '../domain/records.js';
import { checkoutAnswerOf, isSlip } from '../vouchers/checkout-answer.js';

const READ_WINDOW_MS = 60_000;

export async function readCheckoutStatus(ctx: RelayContext, entity: EntityRecord, checkoutId: string): Promise<Outcome> {
  const now = ctx.clock.now();
  const checkout = await ctx.store.checkouts.find(checkoutId);
  if (!checkout || checkout.entityId !== entity.id || checkout.spentAt !== null) throw new ApiError('noSession');
  if (!(await ctx.store.checkouts.countRead(checkoutId, now, READ_WINDOW_MS, ctx.config.checkoutStatusReadsPerMinute))) {
    throw new ApiError('throttled');
  }
  if (checkout.successPaymentId) {
    const payment = await ctx.store.payments.find(entity.id, checkout.successPaymentId);
    if (!payment) throw new ApiError('noSession');
    await ctx.store.checkouts.markSpent(checkoutId, now);
    return { kind: 'ok', body: checkoutAnswerOf(payment) };
  }
  const last = checkout.lastPaymentId ? await ctx.store.payments.find(entity.id, checkout.lastPaymentId) : undefined;
  // A slip is paid (or expires) days after the checkout: it is read then, not the checkout's expiry.
  if (now >= checkout.expiresAt && !isSlip(last)) throw new ApiError('checkoutExpired');
  if (last) return { kind: last.status === 'declined' ? 'refused' : 'ok', body: JSON.parse(last.responseJson) as Record<string, unknown> };
  return { kind: 'ok', body: { id: checkoutId, result: resultView('000.200.000') } };
}
