// Failed sign-ins: 5 in 15 minutes lock an account (known or not, alike), 20 lock an address, the
// lock doubles at each lockout up to an hour, a locked sign-in is refused even with the right
// password, and a success forgets the account's failures.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackoffice, type BackofficeHarness } from './harness.js';
import type { LightMyRequestResponse } from 'fastify';

const MINUTE = 60_000;

describe('back office sign-in throttling', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice();
  });
  afterAll(() => bo.close());

  const attempt = (email: string, password: string, address = '198.51.100.7'): Promise<LightMyRequestResponse> =>
    bo.app.inject({ method: 'POST', url: '/api/session', remoteAddress: address, headers: { origin: bo.publicUrl, 'content-type': 'application/json' }, payload: JSON.stringify({ email, password }) });

  it('locks an account after 5 failures for a minute, then 2, then 4, even against the right password', async () => {
    const { user, password } = await bo.createUser('viewer');
    for (let i = 0; i < 5; i++) expect((await attempt(user.email, 'wrong password', `192.0.2.${i}`)).statusCode).toBe(401);
    const locked = await attempt(user.email, password, '192.0.2.50');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: { code: 'tooManyAttempts', message: expect.any(String), retryAfterSeconds: 60 } });
    expect(locked.headers['retry-after']).toBe('60');
    bo.clock.advance(MINUTE);
    for (let i = 0; i < 5; i++) expect((await attempt(user.email, 'wrong password', `192.0.2.${i}`)).statusCode).toBe(401);
    expect((await attempt(user.email, password)).json().error.retryAfterSeconds).toBe(120);
    bo.clock.advance(2 * MINUTE);
    for (let i = 0; i < 5; i++) await attempt(user.email, 'wrong password');
    expect((await attempt(user.email, password)).json().error.retryAfterSeconds).toBe(240);
    bo.clock.advance(4 * MINUTE);
    expect((await attempt(user.email, password, '192.0.2.99')).statusCode).toBe(200);
  });

  it('answers an unknown address\'s lockout as a known one\'s', async () => {
    const { user } = await bo.createUser('viewer');
    for (let i = 0; i < 5; i++) {
      await attempt(user.email, 'wrong password', '203.0.113.1');
      await attempt('nobody@nowhere.example', 'wrong password', '203.0.113.2');
    }
    const known = await attempt(user.email, 'wrong password', '203.0.113.3');
    const unknown = await attempt('nobody@nowhere.example', 'wrong password', '203.0.113.4');
    expect(known.statusCode).toBe(429);
    expect(unknown.body).toBe(known.body);
  });

  it('locks an address after 20 failures, whatever the accounts tried', async () => {
    for (let i = 0; i < 20; i++) expect((await attempt(`guess${i}@shop.example`, 'wrong password', '198.51.100.20')).statusCode).toBe(401);
    const { user, password } = await bo.createUser('viewer');
    expect((await attempt(user.email, password, '198.51.100.20')).statusCode).toBe(429);
    expect((await attempt(user.email, password, '198.51.100.21')).statusCode).toBe(200);
  });

  it('forgets an account\'s failures when it signs in', async () => {
    const { user, password } = await bo.createUser('viewer');
    for (let i = 0; i < 4; i++) await attempt(user.email, 'wrong password', '198.51.100.30');
    expect((await attempt(user.email, password, '198.51.100.31')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(user.email, 'wrong password', '198.51.100.32')).statusCode).toBe(401);
    expect((await attempt(user.email, password, '198.51.100.33')).statusCode).toBe(200);
  });
});
