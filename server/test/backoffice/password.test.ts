// Changing one's password through the back office, and a weaker stored hash rehashed at sign-in:
// the current password checked (a wrong one counted by the throttle), the policy's refusal named,
// the other sessions ended and this one given a new id, audited without the passwords.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/crypto/passwords.js';
import { startBackoffice, TEST_SCRYPT, type BackofficeHarness } from './harness.js';

const NEW_PASSWORD = 'a brand new passphrase here';

describe('back office password', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice();
  });
  afterAll(() => bo.close());

  it('changes it: the other sessions end, this one gets a new id, audited without the passwords', async () => {
    const ann = await bo.signIn('developer');
    const otherBrowser = bo.clientOf(ann.user, ann.password);
    const signIn = await otherBrowser.post('/api/session', { email: ann.user!.email, password: ann.password });
    otherBrowser.csrfToken = signIn.json().csrfToken;
    const before = ann.cookie;
    const response = await ann.post('/api/me/password', { currentPassword: ann.password, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(ann.cookie).not.toBe(before);
    ann.csrfToken = response.json().csrfToken;
    expect((await ann.get('/api/session')).statusCode).toBe(200);
    expect((await otherBrowser.get('/api/session')).statusCode).toBe(401);
    const stale = bo.anonymous();
    stale.cookie = before;
    expect((await stale.get('/api/session')).statusCode).toBe(401);
    // The new password signs in, the old one no more.
    expect((await bo.anonymous().post('/api/session', { email: ann.user!.email, password: ann.password })).statusCode).toBe(401);
    expect((await bo.anonymous().post('/api/session', { email: ann.user!.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const audit = (await bo.store.audit.list(bo.merchant.merchantId, { userId: ann.user!.id, action: 'user.changePassword' }, undefined, 10)).entries;
    expect(audit).toEqual([expect.objectContaining({ before: { password: true }, after: { password: true }, address: '127.0.0.1' })]);
    const everything = JSON.stringify((await bo.store.audit.list(bo.merchant.merchantId, { userId: ann.user!.id }, undefined, 50)).entries);
    expect(everything).not.toContain(NEW_PASSWORD);
    expect(everything).not.toContain(ann.password);
  });

  it('refuses a wrong current password (counted by the throttle) and a new one the policy refuses, changing nothing', async () => {
    const bob = await bo.signIn('viewer');
    const hash = (await bo.store.users.find(bo.merchant.merchantId, bob.user!.id))?.passwordHash;
    const wrong = await bob.post('/api/me/password', { currentPassword: 'not my password at all', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.parameters).toEqual([{ name: 'currentPassword', message: expect.any(String) }]);
    const weak = await bob.post('/api/me/password', { currentPassword: bob.password, newPassword: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.parameters.map((p: { name: string }) => p.name)).toEqual(['newPassword']);
    const missing = await bob.post('/api/me/password', {});
    expect(missing.json().error.parameters.map((p: { name: string }) => p.name)).toEqual(['currentPassword', 'newPassword']);
    expect((await bo.store.users.find(bo.merchant.merchantId, bob.user!.id))?.passwordHash).toBe(hash);
    expect((await bob.get('/api/session')).statusCode).toBe(200);
    // Four more wrong guesses lock the account, as failed sign-ins do.
    for (let i = 0; i < 4; i++) await bob.post('/api/me/password', { currentPassword: `wrong guess ${i}`, newPassword: NEW_PASSWORD });
    const locked = await bob.post('/api/me/password', { currentPassword: bob.password, newPassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('tooManyAttempts');
  });

  it('rehashes a password stored at a lower cost at sign-in, audited, and the person signs in with it after', async () => {
    const { user, password } = await bo.createUser('finance');
    const weaker = await hashPassword(password, { ...TEST_SCRYPT, N: TEST_SCRYPT.N / 2 });
    expect(await bo.store.users.setPasswordHash(user.merchantId, user.id, user.passwordHash, weaker, bo.clock.now())).toBe(true);
    const browser = bo.clientOf(user, password);
    expect((await browser.post('/api/session', { email: user.email, password })).statusCode).toBe(200);
    const rehashed = (await bo.store.users.find(user.merchantId, user.id))!.passwordHash!;
    expect(rehashed).not.toBe(weaker);
    expect(rehashed.startsWith(`scrypt$${TEST_SCRYPT.N}$${TEST_SCRYPT.r}$${TEST_SCRYPT.p}$`)).toBe(true);
    expect(await verifyPassword(password, rehashed)).toBe(true);
    const audit = (await bo.store.audit.list(user.merchantId, { userId: user.id, action: 'user.rehashPassword' }, undefined, 10)).entries;
    expect(audit).toHaveLength(1);
    // At today's cost already: a second sign-in leaves the hash alone.
    expect((await bo.clientOf(user, password).post('/api/session', { email: user.email, password })).statusCode).toBe(200);
    expect((await bo.store.users.find(user.merchantId, user.id))?.passwordHash).toBe(rehashed);
  });
});
