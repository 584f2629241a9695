// The whole relay as one Fastify instance built from its dependencies. server.ts runs it as a
// process; tests build it through server/test/helper.ts and talk to it with inject or a real port.

import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import type { RelayContext } from './context.js';
import { ApiError } from '../domain/errors.js';
import { envelope } from '../http/envelope.js';
import { errorBody } from '../http/idempotency.js';
import { loggerOptions, scrubText } from '../process/logging.js';
import type { TrustProxy } from '../process/trust-proxy.js';
import { parseFormBody } from '../params/form-body.js';
import { paymentRoutes } from '../routes/payments.js';
import { registrationRoutes } from '../routes/registrations.js';
import { threeDSecureRoutes } from '../routes/three-d-secure.js';

export interface AppOptions {
  /** Log to stdout (the process), to a given stream (tests that read the log), or not at all. */
  logger: boolean | { stream: NodeJS.WritableStream };
  /** Extra route sets registered on the same instance (widget assets, checkouts). */
  plugins?: ((app: FastifyInstance, ctx: RelayContext) => void | Promise<void>)[];
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Maps Fastify's own errors (body limit, media type, bad JSON…) onto the API's catalogue. */
function apiErrorOf(error: FastifyError | ApiError): ApiError {
  if (error instanceof ApiError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('unsupportedMediaType');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('malformedBody');
  }
  if (error.statusCode === 413) return new ApiError('bodyTooLarge');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError('malformedBody', undefined, error.message);
  }
  return new ApiError('internal');
}

/** TRUST_PROXY as Fastify takes it: a hop count as the function Fastify itself makes of one. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

export async function buildApp(ctx: RelayContext, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(ctx.config.logLevel), ...(options.logger === true ? {} : { stream: options.logger.stream }) },
    bodyLimit: ctx.config.bodyLimitBytes,
    routerOptions: { maxParamLength: 128 },
    // X-Forwarded-* only from the proxies the operator names (TRUST_PROXY); by default from nobody.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    return503OnClosing: true,
    // One line per request, written in onResponse below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.decorateRequest('merchant', null);

  // Only form-encoded UTF-8 bodies exist in this API. Bytes are decoded strictly so invalid UTF-8
  // is refused instead of silently replaced (B7).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      const text = STRICT_UTF8.decode(body as Buffer);
      done(null, parseFormBody(text, { maxParameters: ctx.config.maxParameters }));
    } catch (error) {
      done(error instanceof ApiError ? error : new ApiError('malformedBody', undefined, 'the body is not valid UTF-8'), undefined);
    }
  });

  const envelopeContext = { buildNumber: ctx.config.buildNumber, clock: ctx.clock };
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const apiError = apiErrorOf(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(apiError.status).send(envelope(envelopeContext, errorBody(apiError)));
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(envelope(envelopeContext, errorBody(new ApiError('notFound')))));
  // Callback hooks rather than async ones: every request runs both, and a promise each is not free.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: scrubText(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  paymentRoutes(app, ctx);
  registrationRoutes(app, ctx);
  threeDSecureRoutes(app, ctx);
  for (const plugin of options.plugins ?? []) await plugin(app, ctx);
  return app;
}
