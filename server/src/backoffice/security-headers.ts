// The headers every back office answer carries. The CSP allows scripts, styles and connections of
// the back office's own origin only (no inline script: a script injected into a page does not
// run), no framing by anyone (clickjacking), no <base> and no plugins. API answers are never
// stored by a browser or a proxy: they name people and payments.

import type { FastifyReply, FastifyRequest } from 'fastify';

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/** Sets the headers on `reply` (also called by the error handler: the router's errors skip onSend). */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?') || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/** The onSend hook: every answer of a route or the not-found handler. */
export function securityHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  applySecurityHeaders(request, reply);
  done(null, payload);
}
