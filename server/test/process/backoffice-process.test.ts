// The relay process serves the back office on BACKOFFICE_PORT, its own origin: on an empty store
// the test merchant's owner is made and its sign-in written to test-merchant.json, and that sign-in
// works against the running process; SIGTERM closes the back office with the relay.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRelay, type RelayProcess } from '../../../e2e/support/relay-process.js';

describe('the back office in the relay process', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'paywidgets-backoffice-process-'));
  let relay: RelayProcess | undefined;
  afterAll(async () => {
    await relay?.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('serves the back office on its own port, where the test merchant\'s owner signs in, and closes it on SIGTERM', async () => {
    relay = await startRelay({ logDir, name: 'backoffice' });
    const backOffice = relay.credentials.backOffice;
    expect(backOffice).toEqual({ url: relay.backofficeUrl, email: 'owner@test-merchant.example', password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) });
    if (!backOffice) throw new Error('no back office sign-in in test-merchant.json');

    const anonymous = await fetch(`${relay.backofficeUrl}/api/session`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const signIn = await fetch(`${relay.backofficeUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: relay.backofficeUrl },
      body: JSON.stringify({ email: backOffice.email, password: backOffice.password }),
    });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).user.role).toBe('owner');
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^pw_session=/);
    const me = await fetch(`${relay.backofficeUrl}/api/session`, { headers: { cookie } });
    expect((await me.json()).merchant.name).toBe('Test Merchant');

    // The relay's own origin has no back office.
    expect((await fetch(`${relay.url}/api/session`)).status).toBe(404);
    expect(readFileSync(relay.logFile, 'utf8')).toContain(`Back office: ${relay.backofficeUrl}`);

    expect(await relay.terminate()).toEqual({ code: 0, signal: null });
    await expect(fetch(`${relay.backofficeUrl}/api/session`)).rejects.toThrow();
  });
});
