// Every route with an id in its path answers a hostile id (a NUL, which PostgreSQL text cannot
// hold; bytes that are not UTF-8; an overlong NUL; a '%' that starts no escape; an id longer than
// any) exactly as it answers a well-formed id it does not know: same status, same result code, on
// SQLite and on PostgreSQL. The table is checked against the routes the relay registers, so a new
// route with an id cannot be left out.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/storage/index.js';
import { startTestRelayWith, type TestRelay } from '../helper.js';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';

const postgresMissing = await postgresUnreachable();
if (postgresMissing !== undefined && process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is unreachable: ${postgresMissing}`);
if (postgresMissing !== undefined) console.warn(`SKIPPED: hostile ids on PostgreSQL (${postgresMissing})`);
const DATABASES = postgresMissing === undefined ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

/** Ids as they appear in the request's path. */
const HOSTILE_IDS = {
  'a NUL': '%00',
  'a NUL inside an id': `${'a'.repeat(16)}%00${'b'.repeat(15)}`,
  'an overlong NUL': '%C0%80',
  'a byte that is not UTF-8': '%FF',
  'an encoded lone surrogate': '%ED%A0%80',
  "a '%' that starts no escape": '%zz',
  'an id longer than any': 'a'.repeat(5_000),
};
const UNKNOWN_PAYMENT_ID = '0123456789abcdef0123456789abcdef';
const UNKNOWN_CHECKOUT_ID = '0123456789ABCDEF0123456789ABCDEF.uat01-vm-tx04';

interface RouteCase {
  method: 'GET' | 'POST' | 'DELETE';
  /** The route as registered; each `:name` is replaced by the id under test. */
  route: string;
  /** A well-formed id the relay does not have. */
  unknown: string;
  /** A body that is valid but for the id (POST), given with the entity. */
  form?: Record<string, string>;
  /** Sent from the relay's own card-field frame, as the widget sends it. */
  fromFrame?: boolean;
}

const payment = (method: RouteCase['method'], route: string, form?: Record<string, string>): RouteCase => ({ method, route, unknown: UNKNOWN_PAYMENT_ID, ...(form ? { form } : {}) });
const checkout = (method: RouteCase['method'], route: string, form?: Record<string, string>): RouteCase => ({ method, route, unknown: UNKNOWN_CHECKOUT_ID, ...(form ? { form } : {}) });
const CARD = { paymentBrand: 'VISA', 'card.number': '4200000000000000', 'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' };

const ROUTES: RouteCase[] = [
  payment('GET', '/v1/payments/:id'),
  payment('POST', '/v1/payments/:id', { paymentType: 'RF', amount: '1.00', currency: 'EUR' }),
  payment('GET', '/v1/query/:id'),
  payment('GET', '/v1/registrations/:id'),
  payment('DELETE', '/v1/registrations/:id'),
  payment('POST', '/v1/registrations/:id/payments', { paymentType: 'DB', amount: '1.00', currency: 'EUR' }),
  payment('GET', '/scheduling/v1/schedules/:id'),
  payment('DELETE', '/scheduling/v1/schedules/:id'),
  payment('GET', '/v1/quotes/:id'),
  payment('GET', '/reports/v1/reconciliations/aggregations/:id'),
  payment('GET', '/reports/v2/reconciliations/aggregations/:id'),
  payment('POST', '/v1/test/payments/:id/chargeback', { amount: '1.00', currency: 'EUR', reasonCode: '000.100.220' }),
  payment('POST', '/v1/test/payments/:id/chargeback-reversal', { chargebackId: UNKNOWN_PAYMENT_ID }),
  payment('POST', '/v1/test/vouchers/:id/pay'),
  payment('POST', '/v1/test/vouchers/:id/expire'),
  payment('GET', '/v1/vouchers/:id'),
  payment('GET', '/v1/threeDSecure/:id'),
  payment('POST', '/v1/threeDSecure/:id', { PaRes: 'x' }),
  payment('GET', '/v1/redirect/:id'),
  payment('POST', '/v1/redirect/:id', { answer: 'x' }),
  payment('GET', '/v1/webhooks/:id'),
  payment('POST', '/v1/webhooks/:id', { url: 'https://shop.example/hook' }),
  payment('DELETE', '/v1/webhooks/:id'),
  payment('POST', '/v1/webhooks/:id/tests'),
  payment('GET', '/v1/webhooks/:id/deliveries'),
  payment('POST', '/v1/webhooks/:id/redeliveries'),
  checkout('POST', '/v1/checkouts/:id', { amount: '2.00' }),
  checkout('GET', '/v1/checkouts/:id/payment'),
  checkout('POST', '/v1/checkouts/:id/payment', CARD),
  checkout('GET', '/v1/checkouts/:id/registration'),
  { ...checkout('POST', '/v1/checkouts/:id/registration', CARD), fromFrame: true },
  checkout('GET', '/v1/checkouts/:id/widget'),
  checkout('POST', '/v1/checkouts/:id/account', { paymentBrand: 'SEPA', 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE89370400440532013000', shopperResultUrl: 'https://shop.example/result' }),
  { ...checkout('POST', '/v1/checkouts/:id/transactionData', CARD), fromFrame: true },
  checkout('GET', '/v1/checkouts/:id/frame?field=cardNumber'),
  { method: 'GET', route: '/v1/static/:cacheVersion/js/:file', unknown: 'static.min.js' },
  { method: 'GET', route: '/v1/static/:cacheVersion/css/:file', unknown: 'static.min.css' },
  { method: 'GET', route: '/v1/static/:cacheVersion/locales/:file', unknown: 'de.json' },
  { method: 'GET', route: '/v1/static/:cacheVersion/logos/:file', unknown: 'VISA.svg' },
];

/** A throw-away widget build, so the asset and frame routes answer as they do in production. */
function fakeWidgetBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'paywidgets-hostile-ids-widget-'));
  for (const name of ['paymentWidgets.js', 'static.min.js', 'extras.min.js', 'frame.min.js', 'frame-fields.min.js']) writeFileSync(join(dist, name), '(function(){})();\n');
  for (const name of ['static.min.css', 'frame.min.css']) writeFileSync(join(dist, name), 'a{}\n');
  mkdirSync(join(dist, 'locales'));
  writeFileSync(join(dist, 'locales/de.json'), '{"lang":"de","dir":"ltr","labels":{},"errors":{},"messages":{}}');
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify({ cacheVersion: '0123456789abcdef', files: { 'locales/de.json': {} } }));
  return dist;
}

/** Every route of the app with a parameter in its path, as "METHOD /path" (HEAD is GET's). */
function routesWithIds(tree: string): string[] {
  const found: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!path.includes(':') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found.sort();
}

describe.each(DATABASES)('hostile ids on %s', (database) => {
  let relay: TestRelay;
  let widgetDist: string;

  beforeAll(async () => {
    widgetDist = fakeWidgetBuild();
    const overrides = { throttle: { windowMs: 1000, payments: 0, followUps: 0, registrations: 0, checkouts: 0, reads: 0 } };
    if (database === 'sqlite') {
      relay = await startTestRelayWith({ overrides, widgetDistDir: widgetDist });
      return;
    }
    const schema = `pw_test_${randomBytes(6).toString('hex')}`;
    relay = await startTestRelayWith({
      overrides,
      widgetDistDir: widgetDist,
      openStore: () => openPostgresStore(POSTGRES_URL, { schema }),
      afterClose: async () => {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
      },
    });
  });
  afterAll(async () => {
    await relay?.close();
    rmSync(widgetDist, { recursive: true, force: true });
  });

  it('covers every route with an id in its path', () => {
    const covered = ROUTES.map((r) => `${r.method} ${r.route.split('?')[0]}`).sort();
    expect(covered).toEqual(routesWithIds(relay.app.printRoutes({ commonPrefix: false })));
  });

  /** The answer's status and result code; for a page, its status and media type. */
  async function answer(route: RouteCase, id: string): Promise<{ status: number; code: string }> {
    const entityId = relay.merchant.entityId;
    const [path = '', query] = route.route.split('?');
    const url = path.replace(/:\w+/g, id) + `?${query ? `${query}&` : ''}entityId=${entityId}`;
    const headers: Record<string, string> = route.fromFrame
      ? { origin: 'http://relay.test', 'sec-fetch-site': 'same-origin' }
      : { authorization: `Bearer ${relay.merchant.token}`, origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' };
    const res =
      route.method === 'POST'
        ? await relay.app.inject({
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
            payload: new URLSearchParams({ entityId, ...route.form }).toString(),
          })
        : await relay.app.inject({ method: route.method, url, headers });
    const type = String(res.headers['content-type'] ?? '');
    const code = type.startsWith('application/json') ? String((res.json() as { result?: { code?: string } }).result?.code) : type.split(';')[0] ?? '';
    return { status: res.statusCode, code };
  }

  for (const route of ROUTES) {
    it(`${route.method} ${route.route} answers a hostile id as an unknown one`, async () => {
      const unknown = await answer(route, route.unknown);
      expect(unknown.status).not.toBe(500);
      for (const [what, id] of Object.entries(HOSTILE_IDS)) {
        expect({ id: what, ...(await answer(route, id)) }).toEqual({ id: what, ...unknown });
      }
    });
  }
});
