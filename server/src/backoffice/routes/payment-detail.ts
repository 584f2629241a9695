// GET /api/payments/:id (payments.read): one payment of a channel the person may see, with its
// family as a timeline, the checkout it came from, the notifications its records sent, and what
// the person may do to it now (docs/back-office-api.md, PaymentDetail).

import type { CheckoutRecord } from '../../domain/records.js';
import { allowedActions } from '../allowed-actions.js';
import type { BackofficeRoutes } from '../contract.js';
import { paymentDetailView, timelineRecord } from '../payment-detail-view.js';
import { notificationView, rootOf } from '../payment-family.js';
import { refundNeedsLimit } from '../refund-limit.js';
import { sessionOf, visiblePayment } from '../visible.js';

function checkoutStatus(c: CheckoutRecord, now: number): string {
  if (c.successPaymentId !== null) return 'paid';
  return now >= c.expiresAt ? 'expired' : 'open';
}

export const paymentDetailRoutes: BackofficeRoutes = (app, ctx) => {
  app.get<{ Params: { id: string } }>('/payments/:id', { config: { access: 'payments.read' } }, async (request) => {
    const session = sessionOf(request);
    const { payment, entity } = await visiblePayment(ctx, session, request.params.id);
    const root = await rootOf(ctx, entity, payment);
    const family = await ctx.store.payments.family(entity.id, root.id);
    const checkoutId = root.checkoutId ?? payment.checkoutId;
    const found = checkoutId === null ? undefined : await ctx.store.checkouts.find(checkoutId);
    // Checkouts are found by id alone: one of another channel is no checkout of this payment.
    const checkout = found && found.entityId === entity.id ? found : undefined;
    const deliveries = await ctx.store.webhooks.deliveriesOfRecords(
      entity.id,
      family.map((r) => r.id),
    );
    const refundLimit = refundNeedsLimit(session.role) ? (await ctx.store.merchantSettings.get(session.merchantId)).supportRefundLimit : null;
    const now = ctx.clock.now();
    const parent = payment.referencedId === null ? undefined : family.find((r) => r.id === payment.referencedId);
    return {
      payment: paymentDetailView(payment),
      timeline: family.map(timelineRecord),
      ...(checkout ? { checkout: { id: checkout.id, createdAt: checkout.createdAt, status: checkoutStatus(checkout, now) } } : {}),
      notifications: deliveries.map(notificationView),
      allowed: allowedActions({
        role: session.role,
        payment,
        parent,
        now,
        reversalCutoffMs: entity.settings.reversalCutoffMs ?? ctx.config.reversalCutoffMs,
        refundLimit,
        environment: ctx.config.environment,
        family,
      }),
    };
  });
};
