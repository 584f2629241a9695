// Signing in and out: Me as the API describes it, the same answer for an unknown address as for a
// wrong password, an audit row for every sign-in, failure and sign-out, an address shared by
// people of two merchants, a second factor asked for, and signing out everywhere.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, ROLE_TABLE } from '../../src/domain/roles.js';
import { generateTotpSecret, totpCode } from '../../src/crypto/totp.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';

describe('back office sign-in', () => {
  let bo: BackofficeHarness;
  beforeAll(async () => {
    bo = await startBackoffice();
  });
  afterAll(() => bo.close());

  const auditOf = async (merchantId: string, userId: string) => (await bo.store.audit.list(merchantId, { userId }, undefined, 50)).entries;

  it('answers Me: the person, the merchant, the role\'s row of the role table, the CSRF token, the second factor', async () => {
    const ann = await bo.signIn('support', { channelIds: [bo.merchant.entityId] });
    const me = (await ann.get('/api/session')).json();
    expect(me).toEqual({
      user: { id: ann.user!.id, email: ann.user!.email, role: 'support', channelIds: [bo.merchant.entityId] },
      merchant: { id: bo.merchant.merchantId, name: 'Merchant' },
      actions: ACTIONS.filter((a) => ROLE_TABLE.support[a] !== undefined),
      csrfToken: ann.csrfToken,
      twoFactor: { enabled: false, required: false },
    });
    expect(me.actions).toEqual(['payments.read', 'payments.refund', 'notifications.resend', 'storedCards.read', 'storedCards.delete', 'schedules.read', 'schedules.cancel', 'chargebacks.read']);
  });

  it('writes the sign-in to the audit log with the address, and notes the user\'s last sign-in', async () => {
    const ann = await bo.signIn('finance');
    const user = ann.user!;
    const entries = await auditOf(user.merchantId, user.id);
    expect(entries).toEqual([expect.objectContaining({ action: 'signIn', userId: user.id, target: user.id, at: bo.clock.now(), address: '127.0.0.1' })]);
    expect((await bo.store.users.find(user.merchantId, user.id))?.lastSignInAt).toBe(bo.clock.now());
  });

  it('gives an unknown address the same status and body as a known address with a wrong password', async () => {
    const { user } = await bo.createUser('viewer');
    const client = bo.anonymous();
    const unknown = await client.post('/api/session', { email: 'nobody@nowhere.example', password: 'a wrong password' });
    const wrong = await client.post('/api/session', { email: user.email, password: 'a wrong password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json().error.code).toBe('invalidCredentials');
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(wrong.headers['set-cookie']).toBeUndefined();
    // Only the known person's merchant is told of the failure.
    expect(await auditOf(user.merchantId, user.id)).toEqual([expect.objectContaining({ action: 'signIn.failed', address: '127.0.0.1', after: { reason: 'password' } })]);
  });

  it('gives an invited or deactivated person the same refusal as an unknown address', async () => {
    const invited = await bo.createUser('viewer', { status: 'invited' });
    const gone = await bo.createUser('viewer', { status: 'deactivated' });
    const unknown = await bo.anonymous().post('/api/session', { email: 'nobody@nowhere.example', password: 'x' });
    for (const { user, password } of [invited, gone]) {
      const response = await bo.anonymous().post('/api/session', { email: user.email, password });
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(unknown.body);
    }
  });

  it('signs in the person of whichever merchant the password is for, when two merchants share an address', async () => {
    const email = 'shared@shop.example';
    const first = await bo.createUser('viewer', { email, merchantId: bo.merchant.merchantId });
    const second = await bo.createUser('owner', { email, merchantId: bo.otherMerchant.merchantId });
    const asSecond = await bo.anonymous().post('/api/session', { email: 'Shared@Shop.example', password: second.password });
    expect(asSecond.json().merchant.id).toBe(bo.otherMerchant.merchantId);
    const asFirst = await bo.anonymous().post('/api/session', { email, password: first.password });
    expect(asFirst.json().user.role).toBe('viewer');
  });

  it('asks for the second factor when the person has one, and takes a right code once', async () => {
    const secret = generateTotpSecret();
    const { user, password } = await bo.createUser('admin');
    await bo.store.users.setTotpSecret(user.merchantId, user.id, null, bo.ctx.vault.sealSecret(secret), bo.clock.now());
    const client = bo.clientOf(user, password);
    const withoutCode = await client.post('/api/session', { email: user.email, password });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().error.code).toBe('codeRequired');
    expect(client.cookie).toBeUndefined();
    expect((await client.post('/api/session', { email: user.email, password, code: '000000' === totpCode(secret, bo.clock.now()) ? '111111' : '000000' })).statusCode).toBe(401);
    const code = totpCode(secret, bo.clock.now());
    const right = await client.post('/api/session', { email: user.email, password, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().twoFactor).toEqual({ enabled: true, required: false });
    // The same code again is a replay.
    expect((await bo.clientOf(user, password).post('/api/session', { email: user.email, password, code })).statusCode).toBe(401);
  });

  it('answers 400 naming what the sign-in\'s body lacks', async () => {
    const response = await bo.anonymous().post('/api/session', { email: 'a@b.example' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalidParameters', message: expect.any(String), parameters: [{ name: 'password', message: 'password is required' }] });
    expect((await bo.anonymous().post('/api/session', ['x'])).statusCode).toBe(400);
    expect((await bo.anonymous().post('/api/session', { email: 5, password: 'x' })).json().error.parameters).toEqual([{ name: 'email', message: 'email is required' }]);
  });

  it('signs out one session with its audit row, and every session of the person everywhere', async () => {
    const { user, password } = await bo.createUser('developer');
    const laptop = bo.clientOf(user, password);
    const phone = bo.clientOf(user, password);
    const tablet = bo.clientOf(user, password);
    for (const c of [laptop, phone, tablet]) {
      bo.clock.advance(1000);
      c.csrfToken = (await c.post('/api/session', { email: user.email, password })).json().csrfToken;
    }
    bo.clock.advance(1000);
    expect((await tablet.delete('/api/session')).statusCode).toBe(204);
    expect((await laptop.get('/api/session')).statusCode).toBe(200);
    bo.clock.advance(1000);
    expect((await laptop.post('/api/session/sign-out-everywhere')).statusCode).toBe(204);
    expect((await phone.get('/api/session')).statusCode).toBe(401);
    expect((await laptop.get('/api/session')).statusCode).toBe(401);
    const actions = (await auditOf(user.merchantId, user.id)).map((e) => e.action);
    expect(actions).toEqual(['signOut.everywhere', 'signOut', 'signIn', 'signIn', 'signIn']);
  });
});
