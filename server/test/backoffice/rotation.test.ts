// rotateSession: after a change of the person's own privileges or credentials, a route gives them
// a new session id and CSRF token; the old cookie and token are worth nothing after it. And
// housekeeping removes the rows of ended sessions.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../src/app/housekeeping.js';
import { sessionOf, type BackofficeRoutes } from '../../src/backoffice/contract.js';
import { BACKOFFICE_ROUTE_SETS } from '../../src/backoffice/route-sets.js';
import { rotateSession } from '../../src/backoffice/sessions.js';
import { hashToken } from '../../src/crypto/tokens.js';
import { SESSION_LIMITS } from '../../src/domain/backoffice-sessions.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';

describe('back office session rotation', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    const rotating: BackofficeRoutes = (app, ctx) => {
      app.post('/probe/rotate', { config: { access: 'signedIn' } }, async (request, reply) => {
        const session = await rotateSession(ctx, request, reply);
        return { csrfToken: session.csrfToken, seen: sessionOf(request).csrfToken };
      });
    };
    bo = await startBackoffice({ routeSets: [...BACKOFFICE_ROUTE_SETS, rotating] });
  });
  afterAll(() => bo.close());

  it('gives a new cookie and CSRF token, audited, and ends the old session', async () => {
    const ann = await bo.signIn('admin');
    const before = { cookie: ann.cookie, csrf: ann.csrfToken };
    const response = await ann.post('/api/probe/rotate');
    expect(response.statusCode).toBe(200);
    const { csrfToken, seen } = response.json();
    expect(csrfToken).not.toBe(before.csrf);
    expect(seen).toBe(csrfToken);
    expect(ann.cookie).not.toBe(before.cookie);
    ann.csrfToken = csrfToken;
    expect((await ann.get('/api/session')).json().csrfToken).toBe(csrfToken);
    // The old cookie is worth nothing; the old token neither.
    const old = bo.anonymous();
    old.cookie = before.cookie;
    expect((await old.get('/api/session')).statusCode).toBe(401);
    expect((await ann.request({ method: 'POST', url: '/api/probe/rotate', headers: { 'x-csrf-token': before.csrf } })).json().error.code).toBe('badCsrfToken');
    const actions = (await bo.store.audit.list(bo.merchant.merchantId, { userId: ann.user!.id }, undefined, 10)).entries.map((e) => e.action);
    expect(actions.sort()).toEqual(['session.rotate', 'signIn']);
  });

  it('lets housekeeping remove the rows of sessions that ended', async () => {
    const ann = await bo.signIn('viewer');
    const id = hashToken(ann.cookie!);
    bo.clock.advance(SESSION_LIMITS.idleMs);
    expect((await purgeExpired(bo.ctx)).endedSessions).toBeGreaterThanOrEqual(1);
    expect(await bo.store.sessions.findLive(id, bo.clock.now() - SESSION_LIMITS.idleMs, SESSION_LIMITS)).toBeUndefined();
  });
});
