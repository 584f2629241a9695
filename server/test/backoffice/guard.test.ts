// The guard: who is not signed in gets 401, a role without the route's action 403, a route that
// declares no access is refused when the app is built, and a person's role and status are read
// fresh at every request.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBackofficeApp } from '../../src/backoffice/app.js';
import { sessionOf, type BackofficeRoutes } from '../../src/backoffice/contract.js';
import { BACKOFFICE_ROUTE_SETS } from '../../src/backoffice/route-sets.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';

/** Routes that need an action, to see the guard refuse and allow them. */
const probeRoutes: BackofficeRoutes = (app) => {
  app.get('/probe/payments', { config: { access: 'payments.read' } }, async (request) => ({ role: sessionOf(request).role }));
  app.post('/probe/users', { config: { access: 'users.manage' } }, async () => ({ done: true }));
};

describe('back office guard', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice({ routeSets: [...BACKOFFICE_ROUTE_SETS, probeRoutes] });
  });
  afterAll(() => bo.close());

  it('answers 401 signInRequired to who is not signed in, on every route that is not public', async () => {
    const anon = bo.anonymous();
    for (const response of [await anon.get('/api/session'), await anon.get('/api/probe/payments'), await anon.post('/api/probe/users', {}), await anon.get('/api/nothing-here')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'signInRequired', message: expect.any(String) } });
    }
  });

  it('lets a role do what the role table allows and answers 403 forbidden to the rest', async () => {
    const viewer = await bo.signIn('viewer');
    expect((await viewer.get('/api/probe/payments')).json()).toEqual({ role: 'viewer' });
    const refused = await viewer.post('/api/probe/users', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    const admin = await bo.signIn('admin');
    expect((await admin.post('/api/probe/users', {})).json()).toEqual({ done: true });
  });

  it('answers 404 to a signed-in person for an API path that does not exist', async () => {
    const viewer = await bo.signIn('viewer');
    const response = await viewer.get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('notFound');
  });

  it('reads the role and the status from the user at every request', async () => {
    const person = await bo.signIn('viewer');
    const user = person.user!;
    expect((await person.post('/api/probe/users', {})).statusCode).toBe(403);
    await bo.store.users.setRole(user.merchantId, user.id, 'viewer', 'admin', bo.clock.now());
    expect((await person.post('/api/probe/users', {})).statusCode).toBe(200);
    await bo.store.users.setStatus(user.merchantId, user.id, 'active', 'deactivated', bo.clock.now());
    expect((await person.get('/api/probe/payments')).statusCode).toBe(401);
  });

  it('refuses to build an app with a route that declares no access', async () => {
    const careless: BackofficeRoutes = (app) => {
      app.get('/careless', async () => ({}));
    };
    await expect(buildBackofficeApp(bo.ctx, { distDir: '/nonexistent', logger: false, publicUrl: bo.publicUrl, routeSets: [careless] })).rejects.toThrow(/declares no config.access/);
  });
});
