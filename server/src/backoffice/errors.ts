// Every error the back office answers, in the API's shape (contract.ts): a BackofficeError as it
// says; Fastify's own refusals of a request (bad JSON, a body too large, a media type it does not
// take, a malformed path) as 400 invalidParameters naming the body or the path, so bad input never
// ends as a 500; anything else as 500 with nothing of the error in the answer (it is logged).

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '../domain/request-id.js';
import { BackofficeError } from './contract.js';
import { applySecurityHeaders } from './security-headers.js';

/** What a request's own fault becomes; null when the error is not the request's fault. */
function requestFault(error: FastifyError): BackofficeError | null {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return null;
  const name = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'path' : 'body';
  const message =
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413
      ? 'the body is too large'
      : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'the body must be application/json'
        : name === 'path'
          ? 'the path is not valid'
          : 'the body is not valid JSON';
  return new BackofficeError('invalidParameters', message, { parameters: [{ name, message }] });
}

export function answerError(error: FastifyError | BackofficeError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  applySecurityHeaders(request, reply);
  // Errors the router raises run no hook: the request's id is set here too.
  reply.header(REQUEST_ID_HEADER, request.id);
  const known = error instanceof BackofficeError ? error : requestFault(error);
  if (known) {
    const retryAfter = known.details?.retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.status(known.status).type('application/json; charset=utf-8').send(known.body());
  }
  request.log.error({ err: error }, 'back office request failed');
  return reply.status(500).type('application/json; charset=utf-8').send({ error: { code: 'internal', message: 'something went wrong on our side' } });
}
