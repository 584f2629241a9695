// The document and the router agree: every route the relay registers is in the document, and every
// path and method of the document is a registered route. The router's own listing (printRoutes) is
// read here, not the document's route collector, so a route the collector missed fails the test.
// Only the pages for people and the files they load are left out (route-docs.ts NOT_API): HTML,
// scripts, styles and the widget's assets, whose reader is a browser, not an API client.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helper.js';
import { isNotApi } from '../../src/openapi/route-docs.js';

let relay: TestRelay;
let document: Record<string, any>;

beforeAll(async () => {
  relay = await startTestRelay();
  document = (await relay.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(() => relay.close());

/**
 * `METHOD /path/:id` of every route in Fastify's printRoutes tree, HEAD left out (Fastify answers
 * HEAD beside every GET by itself). Each line is a segment under its parent's, its depth given by
 * the four-character columns in front of it.
 */
function routerRoutes(tree: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + m[2];
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

function documentRoutes(): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations as object).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`))
    .sort();
}

it('documents every route the relay registers, and only those', () => {
  const registered = routerRoutes(relay.app.printRoutes({ commonPrefix: false }));
  // The tree was read: the relay's core routes are in it.
  expect(registered).toContain('POST /v1/payments');
  expect(registered).toContain('POST /v1/test/payments/:id/chargeback-reversal');
  const api = registered.filter((route) => !isNotApi(route.slice(route.indexOf(' ') + 1)));
  expect(documentRoutes()).toEqual(api);
  for (const route of documentRoutes()) {
    const [method, url] = route.split(' ') as [string, string];
    expect(relay.app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
  }
});

it('leaves out only pages and files for browsers', () => {
  const registered = routerRoutes(relay.app.printRoutes({ commonPrefix: false }));
  const left = registered.filter((route) => isNotApi(route.slice(route.indexOf(' ') + 1)));
  expect(left).toEqual([
    'GET /reports/v1/page',
    'GET /reports/v1/page/report.css',
    'GET /reports/v1/page/report.js',
    'GET /v1/checkouts/:id/frame',
    'GET /v1/pages/api-reference',
    'GET /v1/pages/api-reference/initializer.js',
    'GET /v1/pages/api-reference/page.css',
    'GET /v1/pages/api-reference/swagger-ui/swagger-ui-bundle.js',
    'GET /v1/pages/api-reference/swagger-ui/swagger-ui.css',
    'GET /v1/pages/api-reference/try-it-out.json',
    'GET /v1/pages/colors.css',
    'GET /v1/pages/relay.css',
    'GET /v1/pages/voucher.css',
    'GET /v1/pages/voucher.js',
    'GET /v1/paymentWidgets.js',
    'GET /v1/redirect/:id',
    'GET /v1/static/:cacheVersion/css/:file',
    'GET /v1/static/:cacheVersion/js/:file',
    'GET /v1/static/:cacheVersion/locales/:file',
    'GET /v1/static/:cacheVersion/logos/:file',
    'GET /v1/threeDSecure/:id',
    'GET /v1/vouchers/:id',
    'POST /v1/redirect/:id',
    'POST /v1/threeDSecure/:id',
  ]);
});

it('gives every route of the relay its own summary and answer schema, not the generic ones', () => {
  const generic = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations as Record<string, any>)
      .filter(([method, op]) => op.summary === `${method.toUpperCase()} ${path}` || JSON.stringify(op.responses['200']).includes('#/components/schemas/Answer"'))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(generic).toEqual([]);
});
