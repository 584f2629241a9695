// The back office as its own Fastify instance (contract.ts): served by the relay process on its
// own port and origin, with the guard before every route, the API's error shape, the security
// headers on every answer, its JSON API under /api (route-sets.ts) and its pages (pages.ts).

import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config/trust-proxy.js';
import { CURRENT_SCRYPT_PARAMS, type ScryptParams } from '../crypto/passwords.js';
import type { BackofficeContext, BackofficeRoutes } from './contract.js';
import { sessionCookieFor } from './cookies.js';
import { answerError } from './errors.js';
import { guard } from './guard.js';
import { pageRoutes } from './pages.js';
import { BACKOFFICE_ROUTE_SETS } from './route-sets.js';
import { securityHeaders } from './security-headers.js';
import { answerRequestId, requestIdOptions } from '../http/request-id.js';

export interface BackofficeAppOptions {
  /** The pages' build (dist/backoffice/); when it holds no index.html the pages answer 503. */
  distDir: string;
  /** The relay's logger (the process passes a child of the relay's), or false for none (tests). */
  logger: FastifyBaseLogger | false;
  /** The back office's origin as browsers reach it (BACKOFFICE_PUBLIC_URL): the Origin requests must carry. */
  publicUrl: string;
  /** The API's route sets; by default every set of route-sets.ts (tests may add their own). */
  routeSets?: readonly BackofficeRoutes[];
  /** The scrypt cost of new passwords (default CURRENT_SCRYPT_PARAMS; tests pass a cheap one). */
  passwordCost?: Readonly<ScryptParams>;
}

/** Where the pages' build writes the back office (dist/backoffice/). */
export const BACKOFFICE_DIST_DIR = fileURLToPath(new URL('../../../dist/backoffice/', import.meta.url));

/** The largest JSON body the back office takes: its forms are small. */
const BODY_LIMIT = 64 * 1024;

/** TRUST_PROXY as Fastify takes it, as the relay's app does, so request.ip is the client's. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

export async function buildBackofficeApp(ctx: BackofficeContext, options: BackofficeAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Paths may carry one-time tokens (an invitation's): Fastify's own request lines would log them.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    frameworkErrors: answerError,
    // Each request's id on each of its log lines and in its answer's X-Request-Id, as on the relay.
    ...requestIdOptions,
  });
  app.decorate('backofficeCookie', sessionCookieFor(options.publicUrl));
  app.decorate('backofficePasswordCost', options.passwordCost ?? CURRENT_SCRYPT_PARAMS);
  app.decorateRequest('backoffice', null);
  // JSON only: a form post or text/plain (what a cross-site form can send) is refused as a media type.
  app.removeContentTypeParser('text/plain');

  // A route that does not say who may call it is a mistake the build catches, not a route open to all.
  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) throw new Error(`back office route ${route.method} ${route.url} declares no config.access`);
  });
  app.addHook('onRequest', answerRequestId);
  app.addHook('onRequest', guard(ctx, new URL(options.publicUrl).origin));
  app.addHook('onSend', securityHeaders);
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((_request, reply) => reply.status(404).type('application/json; charset=utf-8').send({ error: { code: 'notFound', message: 'no such route' } }));

  await app.register(
    async (api) => {
      for (const routes of options.routeSets ?? BACKOFFICE_ROUTE_SETS) await routes(api, ctx);
    },
    { prefix: '/api' },
  );
  pageRoutes(app, options.distDir);
  return app;
}
