// One pipeline for every merchant API route, in a fixed order: authenticate (before the body is
// read), parse, check the entity, throttle, then (for mutating calls) the idempotency claim around
// validation and execution. Routes supply only the operation and what it does.

import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { HttpContext } from './context.js';
import { ApiError } from '../domain/errors.js';
import { FormParser } from '../params/form-body.js';
import type { FlatParams, Operation } from '../params/types.js';
import { operationValidator, type Validator } from '../params/validate.js';
import type { EntityRecord, MerchantRecord, ThrottledOperation } from '../domain/records.js';
import { authenticateNow, entityOfNow } from './auth.js';
import { couldBeId } from '../domain/ids.js';
import { envelopeJson } from '../flows/envelope.js';
import { failpoint } from '../config/failpoint.js';
import { httpAnswerOf, idempotencyKeyOf, requestHash, withIdempotency, type HttpAnswer } from './idempotency.js';
import type { Claim, Outcome } from '../flows/outcome.js';

declare module 'fastify' {
  interface FastifyRequest {
    merchant: MerchantRecord | null;
  }
}

export interface ApiCall {
  ctx: HttpContext;
  merchant: MerchantRecord;
  entity: EntityRecord;
  /** Validated parameters: only what the operation uses, each checked against the catalogue. */
  params: FlatParams;
  /** Path parameters, e.g. the payment id. */
  path: Record<string, string>;
  /**
   * The Idempotency-Key claim the call runs under, if one was sent: a route that writes an effect
   * writes the claim's answer with it (Outcome.answered).
   */
  claim?: Claim;
}

export interface ApiRouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /**
   * Catalogue operation that validates the body (POST) or the query string (GET, DELETE); every
   * relay route has one. null only for bench/relay.ts, which times the pipeline without validation.
   */
  operation: Operation | null;
  throttle: ThrottledOperation;
  run(call: ApiCall): Promise<Outcome>;
}

/** Query parameters of reads and deletes, validated against the catalogue like a POST body. */
function queryParams(request: FastifyRequest, parser: FormParser): FlatParams {
  const at = request.url.indexOf('?');
  return parser.parseQuery(at < 0 ? '' : request.url.slice(at + 1));
}

function bodyParams(request: FastifyRequest): FlatParams {
  return request.body instanceof Map ? (request.body as FlatParams) : new Map();
}

/**
 * Validates the body (for operations) and runs the route. A module function, not a closure made
 * per request: the request path makes none it does not need.
 */
async function execute(spec: ApiRouteSpec, validator: Validator | null, call: ApiCall, log: FastifyBaseLogger): Promise<Outcome> {
  if (call.claim) failpoint(call.ctx.config.failpoints, 'after-claim');
  if (!validator) return spec.run(call);
  const checked = validator(call.params, { strict: call.entity.settings.strictParameters === true });
  if (!checked.ok) throw new ApiError('invalidParameters', checked.errors);
  // Names only: a value may be anything, and the line is for finding a typo.
  if (checked.unused) log.debug({ unused: checked.unused }, 'unused parameters ignored');
  return spec.run({ ...call, params: checked.params });
}

/**
 * The path's ids as the route reads them. An id no row can have (a character no id is made of,
 * such as a NUL, which PostgreSQL text cannot hold, or U+FFFD left by bytes that were not UTF-8;
 * more characters than any id) is read as the empty id, which names nothing either: the route
 * answers it exactly as any id it does not know, after the same checks in the same order, and the
 * database is never asked about a value it could refuse. Routes of their own (checkouts' pages,
 * 3-D Secure, redirects, vouchers) check the id's shape themselves.
 */
function pathOf(request: FastifyRequest): Record<string, string> {
  const path = request.params as Record<string, string>;
  for (const name in path) {
    if (!couldBeId(path[name] as string)) return Object.fromEntries(Object.entries(path).map(([key, value]) => [key, couldBeId(value) ? value : '']));
  }
  return path;
}

/** An API call as a plain value, built once with its claim (a spread followed by a new key is slow on this Node). */
function apiCall(ctx: HttpContext, merchant: MerchantRecord, entity: EntityRecord, params: FlatParams, request: FastifyRequest, claim: Claim | undefined): ApiCall {
  return { ctx, merchant, entity, params, path: pathOf(request), claim };
}

/** Runs the call without an Idempotency-Key, or under the key's claim. */
async function runCall(spec: ApiRouteSpec, validator: Validator | null, ctx: HttpContext, merchant: MerchantRecord, entity: EntityRecord, raw: FlatParams, request: FastifyRequest): Promise<HttpAnswer> {
  const key = spec.method === 'GET' ? undefined : idempotencyKeyOf(request.headers['idempotency-key']);
  if (key === undefined) return httpAnswerOf(await execute(spec, validator, apiCall(ctx, merchant, entity, raw, request, undefined), request.log));
  return withIdempotency(
    ctx.store,
    {
      entityId: entity.id,
      key,
      hash: () => requestHash(ctx.vault.requestDigest(), spec.method, (request.url.split('?')[0] ?? '').replace(/\/{2,}/g, '/'), raw),
      now: ctx.clock.now(),
      ttlMs: ctx.config.idempotencyTtlMs,
      holder: { owner: ctx.config.relayId, leaseUntil: ctx.clock.now() + ctx.config.claimLeaseMs },
    },
    (claim) => execute(spec, validator, apiCall(ctx, merchant, entity, raw, request, claim), request.log),
  );
}

export function registerApiRoute(app: FastifyInstance, ctx: HttpContext, spec: ApiRouteSpec): void {
  const envelopeContext = { buildNumber: ctx.config.buildNumber, clock: ctx.clock };
  // The operation's catalogue, verdicts and rules, worked out once for the route's lifetime.
  const validator = spec.operation ? operationValidator(spec.operation) : null;
  // Reads and deletes read their query string with a parser of their own (a POST's body is read by
  // the app's): what it remembers of names and shapes is this route's.
  const queryParser = spec.method === 'POST' ? null : new FormParser({ maxParameters: ctx.config.maxParameters });
  const options: RouteShorthandOptions = {
    // A callback hook, not an async one: with the merchant in the lookup cache, as for nearly every
    // call, authentication answers at once and the request makes no promise for it.
    onRequest: (request, _reply, done) => {
      let found: MerchantRecord | Promise<MerchantRecord>;
      try {
        found = authenticateNow(ctx.lookups, request);
      } catch (error) {
        done(error as Error);
        return;
      }
      if (!(found instanceof Promise)) {
        request.merchant = found;
        done();
        return;
      }
      found.then(
        (merchant) => {
          request.merchant = merchant;
          done();
        },
        (error: Error) => done(error),
      );
    },
  };
  app.route({
    ...options,
    method: spec.method,
    url: spec.url,
    // What the API reference (openapi/) documents the route with.
    config: { apiOperation: spec.operation },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const merchant = request.merchant;
      if (!merchant) throw new ApiError('missingAuthorization');
      const raw = queryParser === null ? bodyParams(request) : queryParams(request, queryParser);
      const found = entityOfNow(ctx.lookups, merchant, raw.get('entityId'));
      const entity = found instanceof Promise ? await found : found;
      const limit = entity.settings.throttle?.[spec.throttle] ?? ctx.config.throttle[spec.throttle];
      const counted = ctx.throttle.take(entity.id, spec.throttle, limit, request.log);
      if (counted) await counted;
      const answer = await runCall(spec, validator, ctx, merchant, entity, raw, request);
      if ('replayed' in answer && answer.replayed) reply.header('Idempotent-Replayed', 'true');
      reply.status(answer.status);
      const content = answer.content;
      if (content?.type === 'csv') {
        if (content.filename) reply.header('Content-Disposition', `attachment; filename="${content.filename.replace(/[^\w.-]/g, '_')}"`);
        return reply.type('text/csv; charset=utf-8').send(content.text);
      }
      if (content?.type === 'stream') {
        if (content.filename) reply.header('Content-Disposition', `attachment; filename="${content.filename.replace(/[^\w.-]/g, '_')}"`);
        return reply.type(content.contentType).send(content.stream);
      }
      return reply.type('application/json; charset=utf-8').send(envelopeJson(envelopeContext, answer.json));
    },
  });
}
