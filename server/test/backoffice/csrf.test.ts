// Cross-site requests: every state-changing request must carry the back office's Origin (or, with
// none, Sec-Fetch-Site: same-origin) and, when signed in, the session's CSRF token.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackoffice, type BackofficeHarness } from './harness.js';

describe('back office Origin and CSRF checks', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice();
  });
  afterAll(() => bo.close());

  const errorCode = (response: { json(): { error: { code: string } } }) => response.json().error.code;

  it('refuses a cross-site form post: urlencoded, no token, another site\'s Origin', async () => {
    const ann = await bo.signIn('owner');
    const response = await ann.request({
      method: 'POST',
      url: '/api/session/sign-out-everywhere',
      body: 'x=1',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': undefined },
    });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('badOrigin');
    expect((await ann.get('/api/session')).statusCode).toBe(200);
  });

  it('refuses a cross-origin fetch with Origin: https://evil.example, even with the token', async () => {
    const ann = await bo.signIn('owner');
    const response = await ann.request({ method: 'DELETE', url: '/api/session', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('badOrigin');
    expect((await ann.get('/api/session')).statusCode).toBe(200);
  });

  it('refuses a request without Origin unless Sec-Fetch-Site says same-origin', async () => {
    const ann = await bo.signIn('owner');
    const bare = await ann.request({ method: 'POST', url: '/api/session/sign-out-everywhere', headers: { origin: undefined } });
    expect(errorCode(bare)).toBe('badOrigin');
    const sameSite = await ann.request({ method: 'POST', url: '/api/session/sign-out-everywhere', headers: { origin: undefined, 'sec-fetch-site': 'same-site' } });
    expect(errorCode(sameSite)).toBe('badOrigin');
    const sameOrigin = await ann.request({ method: 'POST', url: '/api/session/sign-out-everywhere', headers: { origin: undefined, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('refuses a state-changing request of the right origin without the session\'s token, or with another\'s', async () => {
    const ann = await bo.signIn('owner');
    const bob = await bo.signIn('owner');
    const missing = await ann.request({ method: 'DELETE', url: '/api/session', headers: { 'x-csrf-token': undefined } });
    expect(missing.statusCode).toBe(403);
    expect(errorCode(missing)).toBe('badCsrfToken');
    const borrowed = await ann.request({ method: 'DELETE', url: '/api/session', headers: { 'x-csrf-token': bob.csrfToken } });
    expect(errorCode(borrowed)).toBe('badCsrfToken');
    expect((await ann.get('/api/session')).statusCode).toBe(200);
  });

  it('refuses a sign-in from another site (login CSRF), before looking at the credentials', async () => {
    const { user, password } = await bo.createUser('viewer');
    const client = bo.clientOf(user, password);
    const response = await client.request({ method: 'POST', url: '/api/session', body: { email: user.email, password }, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('badOrigin');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('takes JSON only: a form body from the page\'s own origin is 400, not a 500', async () => {
    const ann = await bo.signIn('owner');
    const response = await ann.request({ method: 'POST', url: '/api/session', body: 'email=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalidParameters', message: expect.any(String), parameters: [{ name: 'body', message: expect.any(String) }] });
    const plain = await ann.request({ method: 'POST', url: '/api/session', body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(plain.statusCode).toBe(400);
    const broken = await ann.request({ method: 'POST', url: '/api/session', body: '{"email":', headers: {} });
    expect(broken.statusCode).toBe(400);
    const huge = await ann.request({ method: 'POST', url: '/api/session', body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(100_000) }) });
    expect(huge.statusCode).toBe(400);
  });
});
