// GET /openapi.json: the document, made once when the app is ready (every route registered) and
// served as the same bytes afterwards. No authentication: it describes the API, it holds no data.

import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { boundedMemo } from '../domain/bounded-memo.js';
import { collectRoutes, type RegisteredRoute } from './route-table.js';
import { openApiDocument, type OpenApiOptions } from './document.js';

export const OPENAPI_PATH = '/openapi.json';

/**
 * The document's text by what it is made of. Every relay of a process registers the same routes
 * (the tests start hundreds, each made in a tenth of a second), so it is made once per process.
 */
const documentText = boundedMemo(4, (key) => {
  const { routes, options } = JSON.parse(key) as { routes: RegisteredRoute[]; options: OpenApiOptions };
  return JSON.stringify(openApiDocument(routes, options));
});

/** Registered before every other route, so that the hook sees them all. */
export function openApiRoutes(app: FastifyInstance, ctx: HttpContext): void {
  const routes = collectRoutes(app);
  let body = '';
  app.addHook('onReady', (done) => {
    try {
      body = documentText(JSON.stringify({ routes, options: { serverUrl: ctx.config.publicUrl, version: ctx.config.buildNumber } }));
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.get(OPENAPI_PATH, (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300').header('Access-Control-Allow-Origin', '*').type('application/json; charset=utf-8').send(body);
  });
}
