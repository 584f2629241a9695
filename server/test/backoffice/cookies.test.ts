// The session cookie's flags under http and https, and what is stored of it: only its hash.

import { afterEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/crypto/tokens.js';
import { SESSION_LIMITS } from '../../src/domain/backoffice-sessions.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';

function setCookieOf(header: string | string[] | undefined): string {
  const line = Array.isArray(header) ? header[0] : header;
  if (line === undefined) throw new Error('no set-cookie');
  return line;
}

describe('back office session cookie', () => {
  let bo: BackofficeHarness | undefined;
  afterEach(async () => {
    await bo?.close();
    bo = undefined;
  });

  it('under http: pw_session, HttpOnly, SameSite=Strict, Path=/, not Secure; the store keeps only its hash', async () => {
    bo = await startBackoffice({ publicUrl: 'http://localhost:8082' });
    const { user, password } = await bo.createUser('viewer');
    const response = await bo.clientOf(user, password).post('/api/session', { email: user.email, password });
    expect(response.statusCode).toBe(200);
    const line = setCookieOf(response.headers['set-cookie']);
    const [pair = '', ...attributes] = line.split('; ');
    const [name, value = ''] = pair.split('=');
    expect(name).toBe('pw_session');
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
    const stored = await bo.store.sessions.findLive(hashToken(value), bo.clock.now(), SESSION_LIMITS);
    expect(stored?.userId).toBe(user.id);
    expect(await bo.store.sessions.findLive(value, bo.clock.now(), SESSION_LIMITS)).toBeUndefined();
  });

  it('under https: __Host-pw_session with Secure as well', async () => {
    bo = await startBackoffice({ publicUrl: 'https://backoffice.example' });
    const { user, password } = await bo.createUser('viewer');
    const response = await bo.clientOf(user, password).post('/api/session', { email: user.email, password });
    expect(response.statusCode).toBe(200);
    const [pair = '', ...attributes] = setCookieOf(response.headers['set-cookie']).split('; ');
    expect(pair.split('=')[0]).toBe('__Host-pw_session');
    expect(attributes.sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict', 'Secure']);
  });

  it('is cleared by signing out, and the session it named no longer lets anyone in', async () => {
    bo = await startBackoffice();
    const ann = await bo.signIn('support');
    const cookie = ann.cookie;
    const out = await ann.delete('/api/session');
    expect(out.statusCode).toBe(204);
    expect(setCookieOf(out.headers['set-cookie'])).toMatch(/^pw_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/);
    ann.cookie = cookie;
    expect((await ann.get('/api/session')).statusCode).toBe(401);
  });
});
