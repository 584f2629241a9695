// The metrics on the relay's app: its answers measured (http-metrics.ts) and, with METRICS_TOKEN,
// GET /metrics on its own port (metrics-route.ts). Called by build-app.ts before the routes are
// registered, so every route gets its series.

import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import type { Store } from '../storage/store.js';
import { measureHttp } from './http-metrics.js';
import { metricsRoute } from './metrics-route.js';
import type { PrometheusMetrics } from './prometheus.js';

export function exportMetrics(app: FastifyInstance, ctx: { prometheus: PrometheusMetrics | null; config: Config; store: Store }): void {
  if (!ctx.prometheus) return;
  measureHttp(app, ctx.prometheus);
  if (ctx.config.metrics.token !== '') metricsRoute(app, ctx.prometheus, ctx.store, ctx.config.metrics.token);
}
