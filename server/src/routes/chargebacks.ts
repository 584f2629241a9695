// The chargeback simulator (test environment only): POST /v1/test/payments/{id}/chargeback and
// /chargeback-reversal. A merchant tests how it handles a chargeback; in live the operations are
// refused as the test clock is, and the merchant API never makes a CB or CR (700.400.402).
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { ApiError } from '../domain/errors.js';
import { registerApiRoute } from '../http/api-route.js';
import { createChargeback, reverseChargeback } from '../payments/chargeback.js';

/** The two simulated operations: the same checks, each its own flow. */
const SIMULATED = [
  { url: '/v1/test/payments/:id/chargeback', operation: 'testChargeback', flow: createChargeback },
  { url: '/v1/test/payments/:id/chargeback-reversal', operation: 'testChargebackReversal', flow: reverseChargeback },
] as const;

export function chargebackRoutes(app: FastifyInstance, ctx: HttpContext): void {
  for (const { url, operation, flow } of SIMULATED) {
    registerApiRoute(app, ctx, {
      method: 'POST',
      url,
      operation,
      throttle: 'followUps',
      run: async ({ ctx: c, entity, params, path, claim }) => {
        if (c.config.environment === 'live') throw new ApiError('chargebackLive');
        return flow(c, entity, path.id ?? '', params, claim);
      },
    });
  }
}
