// Transaction reports: GET /v1/query by reference or date range (reports/transaction-report.ts),
// and GET /v1/query/{id}, which answers 700.400.580 for an id the entity does not have.
import type { FastifyInstance } from 'fastify';
import type { RelayContext } from '../app/context.js';
import { ApiError } from '../domain/errors.js';
import { registerApiRoute } from '../http/api-route.js';
import { storedOutcome } from '../flows/outcome.js';
import { transactionReport } from '../reports/transaction-report.js';

export function reportRoutes(app: FastifyInstance, ctx: RelayContext): void {
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/v1/query',
    operation: 'transactionReport',
    throttle: 'reads',
    run: ({ ctx: c, entity, params }) => transactionReport(c, entity, params),
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/v1/query/:id',
    operation: 'read',
    throttle: 'reads',
    run: async ({ ctx: c, entity, path }) => {
      const payment = await c.store.findPayment(entity.id, path.id ?? '');
      if (!payment) throw new ApiError('transactionNotFound');
      return storedOutcome('ok', payment.responseJson);
    },
  });
}
