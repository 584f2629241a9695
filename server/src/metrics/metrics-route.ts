// GET /metrics on the relay's own port, for an operator who set METRICS_TOKEN: the Prometheus text
// to a request with that Bearer token, the API's 401 to any other. Without a token the route does
// not exist, so the relay answers it as any unknown path (404): the figures are never public by
// default. The separate listener (metrics-server.ts) is the other way to reach them.

import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { hashToken, tokenMatches } from '../crypto/tokens.js';
import type { Store } from '../storage/store.js';
import type { PrometheusMetrics } from './prometheus.js';

export const METRICS_PATH = '/metrics';

const BEARER = /^Bearer (\S+)$/;

/** True when the Authorization header carries `tokenHash`'s token; compared in constant time. */
export function bearerMatches(header: string | undefined, tokenHash: string): boolean {
  const match = header === undefined ? null : BEARER.exec(header);
  return match !== null && tokenMatches(hashToken(match[1] ?? ''), tokenHash);
}

export function metricsRoute(app: FastifyInstance, metrics: PrometheusMetrics, store: Store, token: string): void {
  const tokenHash = hashToken(token);
  app.get(METRICS_PATH, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, tokenHash)) throw new ApiError('missingAuthorization');
    const text = await metrics.scrape(store);
    return reply.type(metrics.contentType).header('Cache-Control', 'no-store').send(text);
  });
}
