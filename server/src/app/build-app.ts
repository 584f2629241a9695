// The whole relay as one Fastify instance built from its dependencies. server.ts runs it as a
// process; tests build it through server/test/helper.ts and talk to it with inject or a real port.

import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import { ApiError } from '../domain/errors.js';
import { envelope } from '../flows/envelope.js';
import { errorBody } from '../http/idempotency.js';
import { decodablePath } from '../http/decodable-path.js';
import type { LogFormat } from '../config/config.js';
import { loggerOptions, logStream, scrubText } from '../config/logging.js';
import type { TrustProxy } from '../config/trust-proxy.js';
import { FormParser } from '../params/form-body.js';
import { newRequestId, REQUEST_ID_HEADER } from '../domain/request-id.js';
import { answerRequestId, requestIdOptions } from '../http/request-id.js';
import { paymentRoutes } from '../routes/payments.js';
import { healthRoutes } from '../routes/health.js';
import { registrationRoutes } from '../routes/registrations.js';
import { threeDSecureRoutes } from '../routes/three-d-secure.js';
import { voucherRoutes } from '../routes/vouchers.js';
import { webhookRoutes } from '../routes/webhooks.js';
import { scheduleRoutes } from '../routes/schedules.js';
import { chargebackRoutes } from '../routes/chargebacks.js';
import { redirectRoutes } from '../routes/redirect.js';
import { reportRoutes } from '../routes/reports.js';
import { quoteRoutes } from '../routes/quotes.js';
import { reportPageRoutes } from '../routes/report-page.js';
import { apiReferenceRoutes } from '../api-reference/routes.js';
import { openApiRoutes } from '../openapi/serve.js';
import { exportMetrics } from '../metrics/app-metrics.js';

export interface AppOptions {
  /**
   * Log to stdout (the process) in config.logFormat, to a given stream (tests that read the log;
   * JSON unless `format` says otherwise), or not at all.
   */
  logger: boolean | { stream: NodeJS.WritableStream; format?: LogFormat };
  /** Extra route sets registered on the same instance (widget assets, checkouts). */
  plugins?: ((app: FastifyInstance, ctx: AppContext) => void | Promise<void>)[];
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Node's default limit on a request's head (http.maxHeaderSize), which bounds its path. */
const MAX_PATH_PARAMETER = 16_384;

/** Maps Fastify's own errors (body limit, media type, bad JSON…) onto the API's catalogue. */
function apiErrorOf(error: FastifyError | ApiError): ApiError {
  if (error instanceof ApiError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('unsupportedMediaType');
    case 'FST_ERR_BAD_URL':
      return new ApiError('malformedPath');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // No object has an id that long.
      return new ApiError('notFound');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('malformedBody');
  }
  if (error.statusCode === 413) return new ApiError('bodyTooLarge');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    // The framework's message may quote the request (its path): echoed only through the scrubber.
    return new ApiError('malformedBody', undefined, scrubText(error.message));
  }
  return new ApiError('internal');
}

const streamOption = (stream: NodeJS.WritableStream | undefined) => (stream ? { stream } : {});

/** undefined = pino's own stdout destination, as fast as JSON logging gets. */
function destinationOf(logger: true | { stream: NodeJS.WritableStream; format?: LogFormat }, configured: LogFormat): NodeJS.WritableStream | undefined {
  if (logger === true) return configured === 'json' ? undefined : logStream(configured);
  return logStream(logger.format ?? 'json', logger.stream);
}

/** TRUST_PROXY as Fastify takes it: a hop count as the function Fastify itself makes of one. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

export async function buildApp(ctx: AppContext, options: AppOptions): Promise<FastifyInstance> {
  const envelopeContext = { buildNumber: ctx.config.buildNumber, clock: ctx.clock };
  /** Every error answer: the API's shape in the envelope, with the relay's own headers. */
  const answerError = (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = apiErrorOf(error);
    // An outage is logged once by ctx.database, not once per request that meets it.
    if (apiError.status >= 500 && apiError.errorName !== 'databaseUnavailable') request.log.error({ err: error }, 'request failed');
    return reply
      .status(apiError.status)
      .header(REQUEST_ID_HEADER, request.id)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(envelope(envelopeContext, errorBody(apiError)));
  };
  const app = Fastify({
    // Errors the router raises before any route or hook runs (a path that is not valid percent-
    // encoding, an over-long id): the same answer as every other error, never the framework's
    // body, which quotes the path.
    frameworkErrors: answerError,
    // A request that is not even HTTP gets the API's shape too, then the connection closes.
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) return socket.destroy();
      const body = JSON.stringify(envelope(envelopeContext, errorBody(new ApiError('malformedBody'))));
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n${REQUEST_ID_HEADER}: ${newRequestId()}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    logger: options.logger === false ? false : { ...loggerOptions(ctx.config.logLevel), ...streamOption(destinationOf(options.logger, ctx.config.logFormat)) },
    bodyLimit: ctx.config.bodyLimitBytes,
    // `${host}/${resourcePath}` with a host ending in a slash is how integrations build status reads.
    // Ids of any length reach their route, which answers one longer than any id as unknown; no
    // request over HTTP has a longer path than Node's header limit.
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER, ignoreDuplicateSlashes: true },
    // A path with percent sequences that are not UTF-8 reaches its route too (decodable-path.ts).
    rewriteUrl: (request) => decodablePath(request.url ?? '/'),
    // X-Forwarded-* only from the proxies the operator names (TRUST_PROXY); by default from nobody.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    // While closing, requests on connections still open get the API's own 503 (onRequest below),
    // and /ready its report, instead of Fastify's generic body.
    return503OnClosing: false,
    // One line per request, written in onResponse below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's id (the caller's X-Request-Id when sane, else made) on each of its log lines.
    ...requestIdOptions,
  });
  app.decorateRequest('merchant', null);
  ctx.database.logTo(app.log);

  // Only form-encoded UTF-8 bodies exist in this API. Bytes are decoded strictly so invalid UTF-8
  // is refused instead of silently replaced (B7).
  app.removeAllContentTypeParsers();
  const formParser = new FormParser({ maxParameters: ctx.config.maxParameters });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      const text = STRICT_UTF8.decode(body as Buffer);
      done(null, formParser.parse(text));
    } catch (error) {
      done(error instanceof ApiError ? error : new ApiError('malformedBody', undefined, 'the body is not valid UTF-8'), undefined);
    }
  });

  app.setErrorHandler(answerError);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(envelope(envelopeContext, errorBody(new ApiError('notFound')))));
  // Callback hooks rather than async ones: every request runs these, and a promise each is not free.
  app.addHook('onRequest', answerRequestId);
  app.addHook('onRequest', (request, reply, done) => {
    // Shutting down: in-flight requests finish; a new one (on a connection kept alive) is told to
    // go elsewhere. /health and /ready still answer, so the load balancer sees the drain.
    if (!ctx.draining || request.url === '/ready' || request.url === '/health') return done();
    reply.header('Connection', 'close').status(503).send(envelope(envelopeContext, errorBody(new ApiError('shuttingDown'))));
  });
  app.addHook('onResponse', (request, reply, done) => {
    // A load balancer asks every few seconds: only a probe that fails is news.
    if (reply.statusCode === 200 && (request.url === '/health' || request.url === '/ready')) return done();
    request.log.info({ method: request.method, url: scrubText(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // Draining: a connection kept alive would hold the close up until its keep-alive timeout.
    if (ctx.draining) reply.header('Connection', 'close');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  openApiRoutes(app, ctx);
  // Before the routes: each gets its metrics series as it is registered.
  exportMetrics(app, ctx);
  healthRoutes(app, ctx);
  paymentRoutes(app, ctx);
  registrationRoutes(app, ctx);
  webhookRoutes(app, ctx);
  scheduleRoutes(app, ctx);
  chargebackRoutes(app, ctx);
  redirectRoutes(app, ctx);
  threeDSecureRoutes(app, ctx);
  voucherRoutes(app, ctx);
  reportRoutes(app, ctx);
  quoteRoutes(app, ctx);
  reportPageRoutes(app);
  apiReferenceRoutes(app, ctx.config);
  for (const plugin of options.plugins ?? []) await plugin(app, ctx);
  return app;
}
