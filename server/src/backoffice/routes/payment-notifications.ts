// POST /api/payments/:id/notifications/resend (notifications.resend): every notification the
// payment's family sent, queued again through the redelivery path of the merchant API and the
// command line (a delivery still on its way is left alone), with the audit row, in one transaction.

import { randomHex } from '../../crypto/tokens.js';
import { writeRecordsRedelivery } from '../../storage/writes/index.js';
import type { BackofficeRoutes } from '../contract.js';
import { rootOf } from '../payment-family.js';
import { sessionOf, visiblePayment } from '../visible.js';

/** An entry of 16 random bytes, as every audit row's id. */
const AUDIT_ID_BYTES = 16;

export const paymentNotificationRoutes: BackofficeRoutes = (app, ctx) => {
  app.post<{ Params: { id: string } }>('/payments/:id/notifications/resend', { config: { access: 'notifications.resend' } }, async (request, reply) => {
    const session = sessionOf(request);
    const { payment, entity } = await visiblePayment(ctx, session, request.params.id);
    const root = await rootOf(ctx, entity, payment);
    const family = await ctx.store.payments.family(entity.id, root.id);
    const now = ctx.clock.now();
    const queued = await writeRecordsRedelivery(ctx.store, {
      entityId: entity.id,
      recordIds: family.map((r) => r.id),
      now,
      audit: (count) => ({
        id: randomHex(AUDIT_ID_BYTES),
        merchantId: session.merchantId,
        userId: session.userId,
        at: now,
        address: request.ip,
        action: 'payment.resendNotifications',
        target: payment.id,
        before: null,
        after: { queued: count },
      }),
    });
    return reply.status(202).send({ queued });
  });
};
