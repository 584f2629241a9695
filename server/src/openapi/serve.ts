// GET /openapi.json: the document, made once when the app is ready (every route registered) and
// served as the same bytes afterwards. No authentication: it describes the API, it holds no data.

import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { collectRoutes } from './route-table.js';
import { openApiDocument } from './document.js';

export const OPENAPI_PATH = '/openapi.json';

/** Registered before every other route, so that the hook sees them all. */
export function openApiRoutes(app: FastifyInstance, ctx: HttpContext): void {
  const routes = collectRoutes(app);
  let body = '';
  app.addHook('onReady', (done) => {
    try {
      body = JSON.stringify(openApiDocument(routes, { serverUrl: ctx.config.publicUrl, version: ctx.config.buildNumber }));
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.get(OPENAPI_PATH, (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300').header('Access-Control-Allow-Origin', '*').type('application/json; charset=utf-8').send(body);
  });
}
