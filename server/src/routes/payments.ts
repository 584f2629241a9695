// /v1/payments: initial payments, follow-ups on an earlier payment, and the transaction read.
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { ApiError } from '../domain/errors.js';
import { registerApiRoute, type ApiCall } from '../http/api-route.js';
import { storedOutcome } from '../flows/outcome.js';
import { createPayment } from '../payments/create-payment.js';
import { followUp, refused } from '../payments/follow-up.js';
import { CHARGEBACK_NOT_BY_MERCHANT } from '../domain/lifecycle.js';

async function readPayment({ ctx, entity, path }: ApiCall) {
  const payment = await ctx.store.payments.find(entity.id, path.id ?? '');
  if (!payment) throw new ApiError('notFound');
  return storedOutcome('ok', payment.responseJson);
}

export function paymentRoutes(app: FastifyInstance, ctx: HttpContext): void {
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/payments',
    operation: 'payment',
    throttle: 'payments',
    run: async ({ ctx: c, entity, params, claim }) => {
      // Chargebacks come from the card network (here: the test simulator), never from the merchant.
      const type = params.get('paymentType');
      if (type === 'CB' || type === 'CR') return refused(CHARGEBACK_NOT_BY_MERCHANT, params, '');
      return createPayment(c, entity, params, claim ? { claim } : {});
    },
  });
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/payments/:id',
    operation: 'followUp',
    throttle: 'followUps',
    run: ({ ctx: c, entity, params, path, claim }) => followUp(c, entity, path.id ?? '', params, claim),
  });
  // The transaction report by payment id (/v1/query/{id}) is in routes/reports.ts.
  registerApiRoute(app, ctx, { method: 'GET', url: '/v1/payments/:id', operation: 'read', throttle: 'reads', run: readPayment });
}
