// For load balancers and orchestrators, without authentication or throttling:
//   GET /health  the process is up and serving HTTP (no database call): 200 {status:"up"}
//   GET /ready   every readiness check passes (database, migrations, not shutting down, and what
//                other parts registered): 200, else 503 naming each failing check and why.

import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { checkReadiness } from '../http/readiness.js';

export function healthRoutes(app: FastifyInstance, ctx: HttpContext): void {
  const up = JSON.stringify({ status: 'up' });
  app.get('/health', (_request, reply) => reply.type('application/json; charset=utf-8').send(up));
  app.get('/ready', async (_request, reply) => {
    const report = await checkReadiness(ctx.readiness, ctx.config.readyTimeoutMs);
    const failing = Object.entries(report.checks)
      .filter(([, result]) => result !== 'ok')
      .map(([name, reason]) => ({ name, reason }));
    const body = report.ready ? { status: 'ready', checks: report.checks } : { status: 'not ready', checks: report.checks, failing };
    return reply.status(report.ready ? 200 : 503).send(body);
  });
}
