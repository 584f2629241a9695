// The request id as Fastify carries it (domain/request-id.ts says what it is): made once per
// request from the caller's X-Request-Id, bound to the request's logger under `reqId`, and sent
// back on every answer. Shared by the relay, the back office and the demo shop.

import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { REQUEST_ID_HEADER, requestIdFor } from '../domain/request-id.js';

/**
 * The key of the id on every log line: Fastify's default label, so a request's lines (bound by
 * Fastify) and the lines of the work it caused (bound by the jobs runner) use one key.
 */
export const REQUEST_ID_LOG_KEY = 'reqId';

/** Fastify's options: the id from our rule, never Fastify's own reading of the header (which takes anything). */
export const requestIdOptions = {
  genReqId: (raw: IncomingMessage): string => requestIdFor(raw.headers['x-request-id']),
  requestIdHeader: false,
} as const;

/**
 * An onRequest hook, registered first: the header is on the reply before anything can answer, so
 * an early answer (401, 503 while draining) carries it as well as a route's.
 */
export function answerRequestId(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  done();
}
