// A clean stop on SIGTERM, for a relay behind a load balancer:
//   1. drain: /ready answers 503 at once and new requests on open connections get 503, while the
//      listening socket closes, so new connections are refused;
//   2. wait for the requests in flight, at most shutdownGraceMs, then close their connections;
//   3. run the context's closers, last registered first (the demo shop, jobs, ..., the store last).
// The whole stop is bounded too: a closer that hangs cannot keep a dying process around.

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app/context.js';
import { closeAll } from '../app/closers.js';

/** Resolves true when every closer closed cleanly. */
export async function shutdown(app: FastifyInstance, ctx: AppContext): Promise<boolean> {
  const log = app.log;
  ctx.draining = true;
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace over'>((resolve) => {
    timer = setTimeout(() => resolve('grace over'), ctx.config.shutdownGraceMs);
  });
  const closed = app.close();
  if ((await Promise.race([closed, graceOver])) === 'grace over') {
    log.warn({ graceMs: ctx.config.shutdownGraceMs }, 'requests still in flight after the grace period: closing their connections');
    app.server.closeAllConnections();
    await closed;
  }
  clearTimeout(timer);
  log.info({}, 'no request in flight: closing');
  return closeAll(ctx.closers, log);
}

/**
 * SIGTERM and SIGINT run shutdown once and exit 0 (1 if a closer failed, or if the whole stop took
 * twice the grace period plus a margin).
 */
export function exitOnSignals(app: FastifyInstance, ctx: AppContext): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (started) return;
    started = true;
    app.log.info({ signal }, `${signal} received: draining`);
    const deadline = setTimeout(() => {
      app.log.error({}, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, 2 * ctx.config.shutdownGraceMs + 5_000);
    deadline.unref();
    shutdown(app, ctx).then(
      (clean) => process.exit(clean ? 0 : 1),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
