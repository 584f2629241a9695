// Setting up one's own second factor through the back office: a pending secret (a sealed cookie
// bound to the session, ten minutes), confirmed by a code of it; recovery codes shown once and
// stored hashed; a new session id; sign-in then asks for a code; turning it off takes a code and is
// refused while the merchant requires a second factor.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/crypto/totp.js';
import { PENDING_SECOND_FACTOR_MS } from '../../src/backoffice/two-factor-pending.js';
import { startBackoffice, type BackofficeClient, type BackofficeHarness } from './harness.js';

describe('back office second factor', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice();
  });
  afterAll(() => bo.close());

  const pendingCookie = (response: { headers: Record<string, unknown> }) => {
    const header = response.headers['set-cookie'];
    const lines = (Array.isArray(header) ? header : [header]) as string[];
    return lines.find((l) => l.startsWith('pw_second_factor='));
  };

  /** Starts a set-up and answers its secret and the pending cookie the browser keeps. */
  async function start(client: BackofficeClient): Promise<{ secret: string; cookie: string }> {
    const response = await client.post('/api/me/two-factor');
    expect(response.statusCode).toBe(200);
    const { secret, otpauthUrl } = response.json();
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=paywidgets');
    const line = pendingCookie(response);
    expect(line).toMatch(/HttpOnly; SameSite=Strict; Max-Age=600$/);
    expect(line).not.toContain(secret);
    return { secret, cookie: line!.split(';')[0]! };
  }

  /** A confirm by `client` sending `pending` as its pending cookie (its own, another's or a forged one). */
  const withPending = (client: BackofficeClient, pending: string, url: string, body: unknown) => {
    const eq = pending.indexOf('=');
    client.otherCookies.set(pending.slice(0, eq), pending.slice(eq + 1));
    return client.post(url, body);
  };

  async function enable(client: BackofficeClient, on: BackofficeHarness = bo): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret, cookie } = await start(client);
    const response = await withPending(client, cookie, '/api/me/two-factor/confirm', { code: totpCode(secret, on.clock.now()) });
    expect(response.statusCode).toBe(200);
    const { recoveryCodes, csrfToken } = response.json();
    client.csrfToken = csrfToken;
    return { secret, recoveryCodes };
  }

  it('confirms a pending secret with its code: recovery codes once, stored hashed, a new session, audited', async () => {
    const ann = await bo.signIn('admin');
    const before = { cookie: ann.cookie, csrf: ann.csrfToken };
    const { secret, cookie } = await start(ann);
    // Nothing is stored before the code confirms it.
    expect((await bo.store.users.find(bo.merchant.merchantId, ann.user!.id))?.totpSecret).toBeNull();
    const wrong = await withPending(ann, cookie, '/api/me/two-factor/confirm', { code: '000000' === totpCode(secret, bo.clock.now()) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.parameters[0].name).toBe('code');
    const response = await withPending(ann, cookie, '/api/me/two-factor/confirm', { code: totpCode(secret, bo.clock.now()) });
    expect(response.statusCode).toBe(200);
    const { recoveryCodes, csrfToken } = response.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes[0]).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(ann.cookie).not.toBe(before.cookie);
    expect(csrfToken).not.toBe(before.csrf);
    ann.csrfToken = csrfToken;
    const me = (await ann.get('/api/session')).json();
    expect(me.twoFactor).toEqual({ enabled: true, required: false });
    const stored = await bo.store.users.find(bo.merchant.merchantId, ann.user!.id);
    expect(stored?.totpSecret).not.toContain(secret);
    expect(bo.ctx.vault.openSecret(stored!.totpSecret!)).toBe(secret);
    expect(JSON.stringify(stored?.recoveryCodeHashes)).not.toContain(recoveryCodes[0].replace('-', ''));
    const actions = (await bo.store.audit.list(bo.merchant.merchantId, { userId: ann.user!.id }, undefined, 10)).entries.map((e) => e.action);
    expect(actions.sort()).toEqual(['session.rotate', 'signIn', 'user.enableTwoFactor']);
    // Signing in now asks for a code; a recovery code passes once.
    const again = bo.clientOf(ann.user, ann.password);
    expect((await again.post('/api/session', { email: ann.user!.email, password: ann.password })).json().error.code).toBe('codeRequired');
    expect((await again.post('/api/session', { email: ann.user!.email, password: ann.password, code: recoveryCodes[0] })).statusCode).toBe(200);
    // The code spent is told by its own audit row, with how many remain, never the codes.
    const [used] = (await bo.store.audit.list(bo.merchant.merchantId, { userId: ann.user!.id, action: 'user.useRecoveryCode' }, undefined, 10)).entries;
    expect(used).toMatchObject({ target: ann.user!.id, address: '127.0.0.1', before: { recoveryCodes: 10 }, after: { recoveryCodes: 9 } });
    expect(JSON.stringify(used)).not.toContain(recoveryCodes[0]);
    const spentAgain = bo.clientOf(ann.user, ann.password);
    expect((await spentAgain.post('/api/session', { email: ann.user!.email, password: ann.password, code: recoveryCodes[0] })).statusCode).toBe(401);
  });

  it('names the pending cookie __Host- and makes it Secure under https', async () => {
    const secure = await startBackoffice({ publicUrl: 'https://backoffice.example' });
    try {
      const ann = await secure.signIn('viewer');
      const header = (await ann.post('/api/me/two-factor')).headers['set-cookie'];
      const line = ((Array.isArray(header) ? header : [header]) as string[]).find((l) => l.includes('pw_second_factor='));
      expect(line).toMatch(/^__Host-pw_second_factor=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=600$/);
    } finally {
      await secure.close();
    }
  });

  it('refuses a confirm without the pending cookie, from another session, or after ten minutes', async () => {
    const bob = await bo.signIn('viewer');
    const { secret, cookie } = await start(bob);
    bob.otherCookies.clear();
    expect((await bob.post('/api/me/two-factor/confirm', { code: totpCode(secret, bo.clock.now()) })).json().error.code).toBe('conflict');
    const cyd = await bo.signIn('viewer');
    expect((await withPending(cyd, cookie, '/api/me/two-factor/confirm', { code: totpCode(secret, bo.clock.now()) })).json().error.code).toBe('conflict');
    const forged = cookie.replace(/=.{8}/, '=AAAAAAAA');
    expect((await withPending(bob, forged, '/api/me/two-factor/confirm', { code: totpCode(secret, bo.clock.now()) })).json().error.code).toBe('conflict');
    bo.clock.advance(PENDING_SECOND_FACTOR_MS);
    expect((await withPending(bob, cookie, '/api/me/two-factor/confirm', { code: totpCode(secret, bo.clock.now()) })).json().error.code).toBe('conflict');
    expect((await bo.store.users.find(bo.merchant.merchantId, bob.user!.id))?.totpSecret).toBeNull();
  });

  it('turns it off with a current code, audited, with a new session; refuses a wrong code', async () => {
    const dee = await bo.signIn('finance');
    const { secret } = await enable(dee);
    bo.clock.advance(30_000);
    const wrong = await dee.delete('/api/me/two-factor', { code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.parameters[0].name).toBe('code');
    const before = dee.cookie;
    const response = await dee.delete('/api/me/two-factor', { code: totpCode(secret, bo.clock.now()) });
    expect(response.statusCode).toBe(200);
    expect(dee.cookie).not.toBe(before);
    dee.csrfToken = response.json().csrfToken;
    expect((await dee.get('/api/session')).json().twoFactor.enabled).toBe(false);
    expect(await bo.store.users.find(bo.merchant.merchantId, dee.user!.id)).toMatchObject({ totpSecret: null, totpLastStep: null, recoveryCodeHashes: null });
    const actions = (await bo.store.audit.list(bo.merchant.merchantId, { userId: dee.user!.id, action: 'user.disableTwoFactor' }, undefined, 10)).entries;
    expect(actions).toHaveLength(1);
  });

  it('refuses to turn it off while the merchant requires it, and a second set-up while it is on', async () => {
    const other = await startBackoffice();
    try {
      const eve = await other.signIn('owner');
      const { secret } = await enable(eve, other);
      expect((await eve.post('/api/me/two-factor')).json().error.code).toBe('conflict');
      expect((await eve.put('/api/settings', { supportRefundLimit: null, requireTwoFactor: true })).statusCode).toBe(200);
      other.clock.advance(30_000);
      const refused = await eve.delete('/api/me/two-factor', { code: totpCode(secret, other.clock.now()) });
      expect(refused.statusCode).toBe(409);
      expect((await other.store.users.find(other.merchant.merchantId, eve.user!.id))?.totpSecret).not.toBeNull();
    } finally {
      await other.close();
    }
  });
});
