// Session fixation: a sign-in always starts a new session id, never one the browser sent before,
// and the session the browser sent (if it lived) ends with it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackoffice, type BackofficeHarness } from './harness.js';

describe('back office session fixation', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice();
  });
  afterAll(() => bo.close());

  it('does not take a cookie value planted before the sign-in', async () => {
    const { user, password } = await bo.createUser('finance');
    const victim = bo.clientOf(user, password);
    const planted = 'A'.repeat(43);
    victim.cookie = planted;
    expect((await victim.post('/api/session', { email: user.email, password })).statusCode).toBe(200);
    expect(victim.cookie).toBeDefined();
    expect(victim.cookie).not.toBe(planted);
    const attacker = bo.anonymous();
    attacker.cookie = planted;
    expect((await attacker.get('/api/session')).statusCode).toBe(401);
  });

  it('ends an attacker\'s own living session that was planted in the victim\'s browser', async () => {
    const mallory = await bo.signIn('viewer');
    const { user, password } = await bo.createUser('owner');
    const victim = bo.clientOf(user, password);
    victim.cookie = mallory.cookie;
    expect((await victim.post('/api/session', { email: user.email, password })).statusCode).toBe(200);
    expect(victim.cookie).not.toBe(mallory.cookie);
    // The planted session is gone: whoever holds it holds nothing, least of all the owner's session.
    expect((await mallory.get('/api/session')).statusCode).toBe(401);
    expect((await victim.get('/api/session')).json().user.role).toBe('owner');
  });

  it('gives a new id and a new CSRF token at every sign-in of the same person', async () => {
    const ann = await bo.signIn('support');
    const first = { cookie: ann.cookie, csrf: ann.csrfToken };
    const again = await ann.post('/api/session', { email: ann.user!.email, password: ann.password });
    expect(again.statusCode).toBe(200);
    expect(ann.cookie).not.toBe(first.cookie);
    expect(again.json().csrfToken).not.toBe(first.csrf);
  });
});
