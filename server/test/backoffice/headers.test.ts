// Every answer carries the strict CSP and its companions; API answers are never stored; the pages
// are the build's files with index.html for the client's routes, or a 503 that says to build them.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/backoffice/security-headers.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

describe('back office headers and pages', () => {
  let bo: BackofficeHarness;
  let built: BackofficeHarness;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'backoffice-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Back office</title><script type="module" src="/assets/app-abc123.js"></script>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    bo = await startBackoffice();
    built = await startBackoffice({ distDir: dist });
  });
  afterAll(async () => {
    await bo.close();
    await built.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the strict CSP, nosniff and no-referrer on every answer, errors and pages included', async () => {
    expect(CONTENT_SECURITY_POLICY).toBe(CSP);
    const ann = await bo.signIn('viewer');
    for (const response of [await ann.get('/api/session'), await bo.anonymous().get('/api/session'), await bo.anonymous().get('/payments'), await built.anonymous().get('/')]) {
      expect(response.headers['content-security-policy']).toBe(CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('marks every API answer no-store, the sign-in and its errors included', async () => {
    const ann = await bo.signIn('viewer');
    for (const response of [await ann.get('/api/session'), await bo.anonymous().get('/api/session'), await bo.anonymous().post('/api/session', { email: 'x@y.example', password: 'z' })]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers index.html for a client route, the build\'s files as they are, and 404 for a missing file', async () => {
    const page = await built.anonymous().get('/payments/abc');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Back office</title>');
    const script = await built.anonymous().get('/assets/app-abc123.js');
    expect(script.body).toBe('console.log(1)');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await built.anonymous().get('/assets/missing.js')).statusCode).toBe(404);
    // An encoded way out of the folder is no file's name: the app's page, never the file.
    const escape = await built.anonymous().get('/assets/..%2f..%2f..%2fetc%2fpasswd.js');
    expect(escape.body).toBe(page.body);
  });

  it('answers a malformed path or cookie as the request\'s fault, never a 500', async () => {
    const badPath = await bo.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().error.code).toBe('invalidParameters');
    expect(badPath.headers['content-security-policy']).toBe(CSP);
    const badCookie = await bo.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: 'pw_session=%%%; pw_session=' + 'x'.repeat(5000) } });
    expect(badCookie.statusCode).toBe(401);
  });

  it('answers a plain 503 saying to build the pages when there is no build', async () => {
    const response = await bo.anonymous().get('/');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build:backoffice');
  });
});
