// Currency quotes: POST /v1/quotes asks for a guaranteed rate, GET /v1/quotes/{id} reads one back
// (quotes/quotes.ts). A payment uses a quote by sending its quoteId.
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { registerApiRoute } from '../http/api-route.js';
import { createQuote, readQuote } from '../quotes/quotes.js';

export function quoteRoutes(app: FastifyInstance, ctx: HttpContext): void {
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/quotes',
    operation: 'quoteCreate',
    throttle: 'payments',
    run: ({ ctx: c, entity, params }) => createQuote(c, entity, params),
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/v1/quotes/:id',
    operation: 'quoteRead',
    throttle: 'reads',
    run: ({ ctx: c, entity, path }) => readQuote(c, entity, path.id ?? ''),
  });
}
