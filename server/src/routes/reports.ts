// Transaction reports: GET /v1/query by reference or date range (reports/transaction-report.ts),
// and GET /v1/query/{id}, which answers 700.400.580 for an id the entity does not have. Settlement
// reports under /reports/v1 and /reports/v2 (reports/aggregations.ts).
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { ApiError } from '../domain/errors.js';
import { registerApiRoute } from '../http/api-route.js';
import { storedOutcome } from '../flows/outcome.js';
import { transactionReport } from '../reports/transaction-report.js';
import { aggregationDetail, downloadFile, listAggregations } from '../reports/aggregations.js';

export function reportRoutes(app: FastifyInstance, ctx: HttpContext): void {
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
      const payment = await c.store.payments.find(entity.id, path.id ?? '');
      if (!payment) throw new ApiError('transactionNotFound');
      return storedOutcome('ok', payment.responseJson);
    },
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/reports/v1/reconciliations/aggregations',
    operation: 'aggregations',
    throttle: 'reads',
    run: ({ ctx: c, entity, params }) => listAggregations(c, entity, params),
  });
  for (const version of [1, 2] as const) {
    registerApiRoute(app, ctx, {
      method: 'GET',
      url: `/reports/v${version}/reconciliations/aggregations/:id`,
      operation: 'aggregationRecords',
      throttle: 'reads',
      run: ({ ctx: c, entity, params, path }) => aggregationDetail(c, entity, path.id ?? '', params, version),
    });
  }
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/reports/v1/reconciliations/file',
    operation: 'reconciliationFile',
    throttle: 'reads',
    run: async ({ ctx: c, entity, params }) => downloadFile(c, entity, params),
  });
}
