// One pipeline for every merchant API route, in a fixed order: authenticate (before the body is
// read), parse, check the entity, throttle, then (for mutating calls) the idempotency claim around
// validation and execution. Routes supply only the operation and what it does.

import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { RelayContext } from '../app/context.js';
import { ApiError } from '../domain/errors.js';
import { parseQuery } from '../params/form-body.js';
import type { FlatParams, Operation } from '../params/types.js';
import { validate } from '../params/validate.js';
import type { EntityRecord, MerchantRecord } from '../domain/records.js';
import { authenticate, entityOf } from './auth.js';
import { envelopeJson } from './envelope.js';
import { failpoint } from '../process/failpoint.js';
import { httpAnswerOf, idempotencyKeyOf, requestHash, withIdempotency } from './idempotency.js';
import type { Claim, Outcome } from '../flows/outcome.js';
import type { ThrottledOperation } from './throttle.js';

declare module 'fastify' {
  interface FastifyRequest {
    merchant: MerchantRecord | null;
  }
}

export interface ApiCall {
  ctx: RelayContext;
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
function queryParams(request: FastifyRequest, maxParameters: number): FlatParams {
  const at = request.url.indexOf('?');
  return parseQuery(at < 0 ? '' : request.url.slice(at + 1), { maxParameters });
}

function bodyParams(request: FastifyRequest): FlatParams {
  return request.body instanceof Map ? (request.body as FlatParams) : new Map();
}

/**
 * Validates the body (for operations) and runs the route. A module function, not a closure made
 * per request: the request path makes none it does not need.
 */
async function execute(spec: ApiRouteSpec, call: ApiCall, log: FastifyBaseLogger): Promise<Outcome> {
  if (call.claim) failpoint(call.ctx.config.failpoints, 'after-claim');
  if (!spec.operation) return spec.run(call);
  const checked = validate(spec.operation, call.params, { strict: call.entity.settings.strictParameters === true });
  if (!checked.ok) throw new ApiError('invalidParameters', checked.errors);
  // Names only: a value may be anything, and the line is for finding a typo.
  if (checked.unused) log.debug({ unused: checked.unused }, 'unused parameters ignored');
  return spec.run({ ...call, params: checked.params });
}

export function registerApiRoute(app: FastifyInstance, ctx: RelayContext, spec: ApiRouteSpec): void {
  const envelopeContext = { buildNumber: ctx.config.buildNumber, clock: ctx.clock };
  const options: RouteShorthandOptions = {
    onRequest: async (request) => {
      request.merchant = await authenticate(ctx.lookups, request);
    },
  };
  app.route({
    ...options,
    method: spec.method,
    url: spec.url,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const merchant = request.merchant;
      if (!merchant) throw new ApiError('missingAuthorization');
      const raw = spec.method === 'POST' ? bodyParams(request) : queryParams(request, ctx.config.maxParameters);
      const entity = await entityOf(ctx.lookups, merchant, raw.get('entityId'));
      const limit = entity.settings.throttle?.[spec.throttle] ?? ctx.config.throttle[spec.throttle];
      const counted = ctx.throttle.take(entity.id, spec.throttle, limit, request.log);
      if (counted) await counted;
      const key = spec.method === 'GET' ? undefined : idempotencyKeyOf(request.headers['idempotency-key']);
      // Built with its claim rather than spread into later: a spread followed by a new key is slow on this Node.
      const callWith = (claim: Claim | undefined): ApiCall => ({ ctx, merchant, entity, params: raw, path: request.params as Record<string, string>, claim });
      const answer =
        key === undefined
          ? httpAnswerOf(await execute(spec, callWith(undefined), request.log))
          : await withIdempotency(
              ctx.store,
              {
                entityId: entity.id,
                key,
                hash: () => requestHash(ctx.vault.requestDigest(), spec.method, (request.url.split('?')[0] ?? '').replace(/\/{2,}/g, '/'), raw),
                now: ctx.clock.now(),
                ttlMs: ctx.config.idempotencyTtlMs,
                holder: { owner: ctx.config.relayId, leaseUntil: ctx.clock.now() + ctx.config.claimLeaseMs },
              },
              (claim) => execute(spec, callWith(claim), request.log),
            );
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
