// The relay's routes as registered on the Fastify app, collected by an onRoute hook added before
// any route: the document is made from what the app really serves, so a route added later is in
// it (or fails the document, see route-docs.ts) without anyone listing it here.

import type { FastifyInstance } from 'fastify';
import type { Operation } from '../params/types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by registerApiRoute (http/api-route.ts): the catalogue operation of a merchant API route. */
    apiOperation?: Operation | null;
  }
}

export interface RegisteredRoute {
  method: string;
  /** Fastify's form: `/v1/payments/:id`. */
  url: string;
  /** The catalogue operation of a merchant API route; undefined for a route of its own. */
  apiOperation: Operation | null | undefined;
}

/**
 * Collects every route registered on the app from now on. HEAD routes are left out: Fastify adds
 * one beside every GET, answering the same without a body.
 */
export function collectRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, apiOperation: route.config?.apiOperation });
    }
  });
  return routes;
}

/** `/v1/payments/:id` as OpenAPI writes it: `/v1/payments/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
}
