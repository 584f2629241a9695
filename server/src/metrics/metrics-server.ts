// The metrics' own listener (METRICS_PORT): GET /metrics and nothing else, without a token, bound
// to loopback unless METRICS_HOST says otherwise, so Prometheus reaches it on the relay's host or
// through a network the operator chose, and the relay's public port never serves the figures.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '../storage/store.js';
import type { PrometheusMetrics } from './prometheus.js';
import { METRICS_PATH } from './metrics-route.js';
import { ApiError } from '../domain/errors.js';
import { errorBody } from '../http/idempotency.js';

export interface MetricsServer {
  /** http://host:port of the listener. */
  url: string;
  close(): Promise<void>;
}

const NOT_FOUND = JSON.stringify(errorBody(new ApiError('notFound')));

export async function startMetricsServer(metrics: PrometheusMetrics, store: Store, listen: { port: number; host: string }): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(NOT_FOUND);
      return;
    }
    metrics.scrape(store).then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
