// A session ends after 30 minutes without a request, and 12 hours after its sign-in however busy,
// on the injected clock.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackoffice, type BackofficeHarness } from './harness.js';

const MINUTE = 60_000;

describe('back office session expiry', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice();
  });
  afterAll(() => bo.close());

  it('ends a session idle for 30 minutes, and not one idle for a little less', async () => {
    const ann = await bo.signIn('viewer');
    bo.clock.advance(29 * MINUTE);
    expect((await ann.get('/api/session')).statusCode).toBe(200);
    bo.clock.advance(30 * MINUTE);
    const response = await ann.get('/api/session');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('signInRequired');
  });

  it('keeps a busy session until 12 hours after its sign-in, then ends it', async () => {
    const ann = await bo.signIn('viewer');
    const start = bo.clock.now();
    while (bo.clock.now() + 20 * MINUTE < start + 12 * 60 * MINUTE) {
      bo.clock.advance(20 * MINUTE);
      expect((await ann.get('/api/session')).statusCode).toBe(200);
    }
    bo.clock.set(start + 12 * 60 * MINUTE);
    expect((await ann.get('/api/session')).statusCode).toBe(401);
  });
});
