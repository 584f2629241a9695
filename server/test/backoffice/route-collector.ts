// Every route of the back office's API as it is built, for the tests that walk them all (security,
// audit walk): registered first among the API's route sets, the collector sees each route the
// others add, so a route added later is walked without a line in those tests.

import type { BackofficeRoutes } from '../../src/backoffice/contract.js';
import { BACKOFFICE_ROUTE_SETS } from '../../src/backoffice/route-sets.js';

export interface ApiRoute {
  method: string;
  /** As registered, under /api, with its parameters (`/api/users/:id`). */
  url: string;
  /** The route's access (public, signedIn or an action of the role table). */
  access: string;
}

export const STATE_CHANGING_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The route sets to build the back office with, and the routes they registered (filled as it is built). */
export function collectRoutes(): { routeSets: BackofficeRoutes[]; routes: ApiRoute[] } {
  const routes: ApiRoute[] = [];
  const collector: BackofficeRoutes = (app) => {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access: String(route.config?.access) });
    });
  };
  return { routeSets: [collector, ...BACKOFFICE_ROUTE_SETS], routes };
}
