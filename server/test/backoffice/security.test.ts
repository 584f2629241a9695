// Security checks of the issue that walk the back office's whole API as it is built, so a route
// added later is checked without a line here: no answer of any GET route carries a card number or
// a CVV, even with a card payment in the store; every state-changing route that is not public
// refuses another origin and a missing CSRF token before its handler runs, writing nothing.
// (Cookie flags, CSRF forms, fixation, expiry, lockout and enumeration have their own files.)

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/build-app.js';
import { relayPlugins } from '../../src/app/route-sets.js';
import { createMerchant } from '../../src/merchants/bootstrap.js';
import { formBody, testCard } from '../helper.js';
import { startBackoffice, type BackofficeClient, type BackofficeHarness } from './harness.js';
import { collectRoutes, STATE_CHANGING_METHODS, type ApiRoute } from './route-collector.js';

const CARD_NUMBER = '4200000000000000';

describe('back office security, walking every API route', () => {
  const { routeSets, routes } = collectRoutes();
  let bo: BackofficeHarness;
  let owner: BackofficeClient;
  let paymentId: string;

  beforeAll(async () => {
    bo = await startBackoffice({ routeSets });
    // A merchant whose token the test holds pays by card through the relay's own API on the same store.
    const { merchant, accessToken } = await createMerchant(bo.store, { name: 'Card shop' }, bo.clock.now(), bo.ctx.vault);
    const entityId = await bo.addEntity(merchant.id);
    const relay = await buildApp(bo.ctx, { logger: false, plugins: relayPlugins() });
    try {
      const paid = await relay.inject({
        method: 'POST',
        url: '/v1/payments',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', authorization: `Bearer ${accessToken}` },
        payload: formBody({ entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', merchantTransactionId: 'order-0001', ...testCard(CARD_NUMBER) }),
      });
      expect(paid.statusCode, paid.body).toBe(200);
      paymentId = paid.json().id;
    } finally {
      await relay.close();
    }
    owner = await bo.signIn('owner', { merchantId: merchant.id });
  });
  afterAll(() => bo.close());

  /** The route's path with every parameter filled in with the payment's id. */
  const pathOf = (route: ApiRoute) => route.url.replace(/:[A-Za-z]+/g, paymentId).replace(/\*$/, 'anything');

  it('collected the API\'s routes', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /api/session', 'POST /api/session', 'PUT /api/settings', 'POST /api/me/password']));
  });

  it('answers no GET route with a card number or a CVV, to an owner of the merchant that took the card', async () => {
    const gets = routes.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(2);
    const showedThePayment: string[] = [];
    for (const route of gets) {
      for (const path of [pathOf(route), `${pathOf(route)}?q=${paymentId}`]) {
        const response = await owner.get(path);
        if (response.statusCode === 200 && response.body.includes(paymentId)) showedThePayment.push(path);
        expect(response.statusCode, path).toBeLessThan(500);
        expect(response.body, path).not.toContain(CARD_NUMBER);
        expect(response.body.toLowerCase(), path).not.toContain('cvv');
      }
    }
    // The walk read the payment itself (its detail, once that route is built), not only empty answers.
    expect(showedThePayment).toContain(`/api/payments/${paymentId}`);
  });

  it('refuses every state-changing route that is not public from another origin and without the CSRF token, writing nothing', async () => {
    const changing = routes.filter((r) => STATE_CHANGING_METHODS.includes(r.method) && r.access !== 'public');
    expect(changing.length).toBeGreaterThan(3);
    const auditBefore = (await bo.store.audit.list(owner.user!.merchantId, {}, undefined, 500)).entries.length;
    for (const route of changing) {
      const url = pathOf(route);
      const crossSite = await owner.request({ method: route.method as 'POST', url, body: {}, headers: { origin: 'https://evil.example' } });
      expect(crossSite.json().error.code, `${route.method} ${url}`).toBe('badOrigin');
      const noToken = await owner.request({ method: route.method as 'POST', url, body: {}, headers: { 'x-csrf-token': undefined } });
      expect(noToken.json().error.code, `${route.method} ${url}`).toBe('badCsrfToken');
    }
    expect((await bo.store.audit.list(owner.user!.merchantId, {}, undefined, 500)).entries.length).toBe(auditBefore);
    expect((await owner.get('/api/session')).statusCode).toBe(200);
  });
});
