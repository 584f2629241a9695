// Accepting an invitation through the back office: its page reads who is invited without using the
// link; a password the policy refuses leaves the link usable; an accept sets the password, makes the
// person active, audits it and signs them in with a new session; a used, expired or unknown link is
// 404; of two accepts at once, one wins.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAccessToken, hashToken, randomHex } from '../../src/crypto/tokens.js';
import { verifyPassword } from '../../src/crypto/passwords.js';
import type { UserRecord } from '../../src/domain/users.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';

const GOOD_PASSWORD = 'violet kettle on a tuesday';
const DAY = 24 * 60 * 60_000;

describe('back office invitations', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice();
  });
  afterAll(() => bo.close());

  /** An invited user of the harness's merchant and the token of their link. */
  async function invite(): Promise<{ user: UserRecord; token: string }> {
    const now = bo.clock.now();
    const user: UserRecord = {
      id: randomHex(16),
      merchantId: bo.merchant.merchantId,
      email: `${randomHex(6)}@shop.example`,
      passwordHash: null,
      role: 'finance',
      channelIds: null,
      totpSecret: null,
      totpLastStep: null,
      recoveryCodeHashes: null,
      status: 'invited',
      createdAt: now,
      updatedAt: now,
      lastSignInAt: null,
    };
    const token = generateAccessToken();
    await bo.store.users.insert(user);
    await bo.store.users.insertInvitation({ tokenHash: hashToken(token), userId: user.id, expiresAt: now + DAY, usedAt: null });
    return { user, token };
  }

  it('shows who is invited to which merchant, as often as asked, without using the link', async () => {
    const { user, token } = await invite();
    const visitor = bo.anonymous();
    for (let i = 0; i < 2; i++) {
      const response = await visitor.get(`/api/invitations/${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: user.email, merchantName: 'Merchant' });
    }
    expect(await bo.store.users.findInvitation(hashToken(token), bo.clock.now())).toBeDefined();
  });

  it('answers 404 for an unknown, malformed or expired link', async () => {
    const visitor = bo.anonymous();
    expect((await visitor.get(`/api/invitations/${generateAccessToken()}`)).json().error.code).toBe('notFound');
    expect((await visitor.get('/api/invitations/not-a-token')).statusCode).toBe(404);
    const { token } = await invite();
    bo.clock.advance(DAY);
    expect((await visitor.get(`/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await visitor.post(`/api/invitations/${token}/accept`, { password: GOOD_PASSWORD })).statusCode).toBe(404);
  });

  it('refuses a password the policy refuses with 400 naming it, and leaves the link usable', async () => {
    const { user, token } = await invite();
    const visitor = bo.anonymous();
    for (const password of ['short', 'password123!', `${user.email.split('@')[0]}-and-more-words`]) {
      const response = await visitor.post(`/api/invitations/${token}/accept`, { password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.parameters.map((p: { name: string }) => p.name)).toEqual(['password']);
    }
    expect((await visitor.post(`/api/invitations/${token}/accept`, {})).json().error.parameters[0].name).toBe('password');
    expect((await visitor.get(`/api/invitations/${token}`)).statusCode).toBe(200);
    expect(await bo.store.users.find(user.merchantId, user.id)).toMatchObject({ status: 'invited', passwordHash: null });
  });

  it('sets the password, makes the person active, audits it and signs them in; the link then is used', async () => {
    const { user, token } = await invite();
    const browser = bo.anonymous();
    const response = await browser.post(`/api/invitations/${token}/accept`, { password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me.user).toEqual({ id: user.id, email: user.email, role: 'finance', channelIds: null });
    expect(browser.cookie).toBeDefined();
    browser.csrfToken = me.csrfToken;
    expect((await browser.get('/api/session')).json().user.id).toBe(user.id);
    const stored = await bo.store.users.find(user.merchantId, user.id);
    expect(stored?.status).toBe('active');
    expect(await verifyPassword(GOOD_PASSWORD, stored!.passwordHash!)).toBe(true);
    const audit = (await bo.store.audit.list(user.merchantId, { userId: user.id }, undefined, 10)).entries;
    expect(audit.map((e) => e.action).sort()).toEqual(['signIn', 'user.acceptInvitation']);
    expect(JSON.stringify(audit)).not.toContain(GOOD_PASSWORD);
    // Used: neither shown nor accepted again, and the person signs in with the password.
    expect((await bo.anonymous().get(`/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await bo.anonymous().post(`/api/invitations/${token}/accept`, { password: 'another fine passphrase' })).statusCode).toBe(404);
    expect((await bo.anonymous().post('/api/session', { email: user.email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('lets one of two accepts at once win', async () => {
    const { user, token } = await invite();
    const [a, b] = await Promise.all([bo.anonymous().post(`/api/invitations/${token}/accept`, { password: GOOD_PASSWORD }), bo.anonymous().post(`/api/invitations/${token}/accept`, { password: 'another fine passphrase' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const accepts = (await bo.store.audit.list(user.merchantId, { userId: user.id }, undefined, 10)).entries.filter((e) => e.action === 'user.acceptInvitation');
    expect(accepts).toHaveLength(1);
  });

  it('refuses an accept from another origin', async () => {
    const { token } = await invite();
    const response = await bo.anonymous().request({ method: 'POST', url: `/api/invitations/${token}/accept`, body: { password: GOOD_PASSWORD }, headers: { origin: 'https://evil.example' } });
    expect(response.json().error.code).toBe('badOrigin');
    expect((await bo.anonymous().get(`/api/invitations/${token}`)).statusCode).toBe(200);
  });
});
