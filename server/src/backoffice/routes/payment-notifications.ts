// POST /api/payments/:id/notifications/resend (notifications.resend): every notification the
// payment's family sent, queued again through the redelivery path of the merchant API and the
// command line (a delivery still on its way is left alone), with the audit row, in one transaction.

import { writeRecordsRedelivery } from '../../storage/writes/index.js';
import type { BackofficeRoutes } from '../contract.js';
import { rootOf } from '../payment-family.js';
import { sessionOf, visiblePayment } from '../visible.js';
import { personAudit } from '../person-audit.js';

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
      requestId: request.id,
      audit: (count) => personAudit(session, request, now, { action: 'payment.resendNotifications', target: payment.id, after: { queued: count } }),
    });
    return reply.status(202).send({ queued });
  });
};
