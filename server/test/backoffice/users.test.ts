// People through the back office: the list; an invitation with its one-time link under
// BACKOFFICE_PUBLIC_URL; role, channels and status changes; a second factor's reset; owners
// touched only by owners, the last active owner never demoted nor deactivated; a deactivated
// person's sessions ended; each change with its audit row; nothing of another merchant.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/crypto/tokens.js';
import { startBackoffice, type BackofficeClient, type BackofficeHarness } from './harness.js';

let bo: BackofficeHarness;
let owner: BackofficeClient;
let admin: BackofficeClient;
beforeAll(async () => {
  bo = await startBackoffice();
  owner = await bo.signIn('owner');
  admin = await bo.signIn('admin');
});
afterAll(() => bo.close());

/** The audit row of `action` on `target` (rows of one test share the clock's millisecond, so found by action). */
async function auditOf(target: string, action: string) {
  const { entries } = await bo.store.audit.list(bo.merchant.merchantId, { action }, undefined, 200);
  return entries.find((e) => e.target === target);
}

describe('people', () => {
  it('lists the merchant\'s people, never a hash or secret', async () => {
    const { user } = await bo.createUser('viewer', { email: 'vera@shop.example' });
    await bo.createUser('viewer', { merchantId: bo.otherMerchant.merchantId, email: 'other@shop.example' });
    const res = await admin.get('/api/users');
    expect(res.statusCode).toBe(200);
    const users = res.json().users;
    expect(users).toContainEqual({ id: user.id, email: 'vera@shop.example', role: 'viewer', channelIds: null, status: 'active', twoFactor: false, lastSignInAt: null });
    expect(users.map((u: { email: string }) => u.email)).not.toContain('other@shop.example');
    expect(res.body).not.toContain(user.passwordHash!);
  });

  it('invites with a one-time link under BACKOFFICE_PUBLIC_URL, audited', async () => {
    const channel = bo.merchant.entityId;
    const res = await admin.post('/api/users', { email: ' Nina@Shop.Example ', role: 'support', channelIds: [channel] });
    expect(res.statusCode).toBe(201);
    const { user, inviteUrl } = res.json();
    expect(user).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), email: 'nina@shop.example', role: 'support', channelIds: [channel], status: 'invited', twoFactor: false, lastSignInAt: null });
    expect(inviteUrl).toMatch(new RegExp(`^${bo.publicUrl}/invitations/[A-Za-z0-9_-]{43}$`));
    const token = inviteUrl.slice(inviteUrl.lastIndexOf('/') + 1);
    expect((await bo.store.users.takeInvitation(hashToken(token), bo.clock.now()))?.id).toBe(user.id);
    expect(await auditOf(user.id, 'user.invite')).toMatchObject({ userId: admin.user!.id, after: { email: 'nina@shop.example', role: 'support', channelIds: [channel], status: 'invited' } });
  });

  it('refuses a taken address (409), a bad field (400 naming it), and writes nothing', async () => {
    await bo.createUser('viewer', { email: 'taken@shop.example' });
    expect((await admin.post('/api/users', { email: 'TAKEN@shop.example', role: 'viewer' })).statusCode).toBe(409);
    for (const [body, name] of [
      [{ email: 'not an address', role: 'viewer' }, 'email'],
      [{ email: 'x@shop.example', role: 'boss' }, 'role'],
      [{ email: 'x@shop.example', role: 'viewer', channelIds: [bo.otherMerchant.entityId] }, 'channelIds'],
      [{ email: 'x@shop.example', role: 'viewer', channelIds: [] }, 'channelIds'],
      [{ email: 'x@shop.example', role: 'viewer', channelIds: 'all' }, 'channelIds'],
      ['[1]', 'body'],
    ] as const) {
      const res = await admin.post('/api/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.parameters[0].name).toBe(name);
    }
    expect(await bo.store.users.findByEmail(bo.merchant.merchantId, 'x@shop.example')).toBeUndefined();
  });

  it('changes a role, channels and status, each change audited with before and after', async () => {
    const { user } = await bo.createUser('viewer');
    const role = await admin.patch(`/api/users/${user.id}`, { role: 'finance' });
    expect(role.statusCode).toBe(200);
    expect(role.json().user).toMatchObject({ id: user.id, role: 'finance' });
    expect(await auditOf(user.id, 'user.setRole')).toMatchObject({ userId: admin.user!.id, before: { role: 'viewer' }, after: { role: 'finance' } });
    const both = await admin.patch(`/api/users/${user.id}`, { role: 'support', channelIds: [bo.merchant.entityId] });
    expect(both.json().user).toMatchObject({ role: 'support', channelIds: [bo.merchant.entityId] });
    expect(await auditOf(user.id, 'user.change')).toMatchObject({ before: { role: 'finance', channelIds: null }, after: { role: 'support', channelIds: [bo.merchant.entityId] } });
    for (const [body, name] of [[{ role: 'boss' }, 'role'], [{ status: 'invited' }, 'status'], [{}, 'body']] as const) {
      const res = await admin.patch(`/api/users/${user.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.parameters[0].name).toBe(name);
    }
  });

  it('ends a deactivated person\'s sessions in the same act, and lets them back in only when reactivated', async () => {
    const agent = await bo.signIn('support');
    expect((await agent.get('/api/session')).statusCode).toBe(200);
    const res = await admin.patch(`/api/users/${agent.user!.id}`, { status: 'deactivated' });
    expect(res.json().user.status).toBe('deactivated');
    expect(await auditOf(agent.user!.id, 'user.deactivate')).toMatchObject({ before: { status: 'active' }, after: { status: 'deactivated' } });
    // Reactivated: the old session stays ended.
    expect((await admin.patch(`/api/users/${agent.user!.id}`, { status: 'active' })).json().user.status).toBe('active');
    expect((await agent.get('/api/session')).statusCode).toBe(401);
    expect(await bo.store.sessions.deleteOfUser(agent.user!.id)).toBe(0);
  });

  it('ends a person\'s sessions when their role or channels change, so they come back with a new session id', async () => {
    for (const change of [{ role: 'finance' }, { channelIds: [bo.merchant.entityId] }]) {
      const agent = await bo.signIn('support');
      const before = agent.cookie;
      expect((await admin.patch(`/api/users/${agent.user!.id}`, change)).statusCode).toBe(200);
      expect((await agent.get('/api/session')).statusCode).toBe(401);
      const again = await agent.post('/api/session', { email: agent.user!.email, password: agent.password });
      expect(again.statusCode).toBe(200);
      expect(again.json().user).toMatchObject(change);
      expect(agent.cookie).not.toBe(before);
    }
    // A change that changes nothing ends nothing.
    const steady = await bo.signIn('viewer');
    expect((await admin.patch(`/api/users/${steady.user!.id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await steady.get('/api/session')).statusCode).toBe(200);
  });

  it('lets only an owner invite, change, deactivate or make an owner', async () => {
    const { user: otherOwner } = await bo.createUser('owner');
    const { user: viewer } = await bo.createUser('viewer');
    for (const res of [
      await admin.post('/api/users', { email: 'new-owner@shop.example', role: 'owner' }),
      await admin.patch(`/api/users/${otherOwner.id}`, { role: 'admin' }),
      await admin.patch(`/api/users/${otherOwner.id}`, { status: 'deactivated' }),
      await admin.patch(`/api/users/${viewer.id}`, { role: 'owner' }),
      await admin.post(`/api/users/${otherOwner.id}/reset-two-factor`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await bo.store.users.find(bo.merchant.merchantId, otherOwner.id)).toEqual(otherOwner);
    expect((await owner.patch(`/api/users/${viewer.id}`, { role: 'owner' })).json().user.role).toBe('owner');
    expect((await owner.post('/api/users', { email: 'new-owner@shop.example', role: 'owner' })).statusCode).toBe(201);
  });

  it('never demotes nor deactivates the merchant\'s last active owner (409)', async () => {
    const shop = bo.otherMerchant.merchantId;
    const only = await bo.signIn('owner', { merchantId: shop });
    for (const body of [{ role: 'admin' }, { status: 'deactivated' }]) {
      const res = await only.patch(`/api/users/${only.user!.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().error.code).toBe('conflict');
    }
    expect((await bo.store.users.find(shop, only.user!.id))?.role).toBe('owner');
    // With a second owner, the first may step down.
    const { user: second } = await bo.createUser('owner', { merchantId: shop });
    expect((await only.patch(`/api/users/${only.user!.id}`, { role: 'admin' })).statusCode).toBe(200);
    // Stepping down ended their session; signed in again as an admin, they cannot touch the remaining owner.
    expect((await only.get('/api/session')).statusCode).toBe(401);
    expect((await only.post('/api/session', { email: only.user!.email, password: only.password })).json().user.role).toBe('admin');
    expect((await only.patch(`/api/users/${second.id}`, { role: 'admin' })).statusCode).toBe(403);
  });

  it('resets a second factor: secret, last step and recovery codes together, audited', async () => {
    const { user } = await bo.createUser('finance');
    await bo.store.users.setTotpSecret(user.merchantId, user.id, null, 'sealed', bo.clock.now());
    await bo.store.users.setRecoveryCodeHashes(user.merchantId, user.id, null, ['h1', 'h2'], bo.clock.now());
    const res = await admin.post(`/api/users/${user.id}/reset-two-factor`);
    expect(res.statusCode).toBe(204);
    expect(await bo.store.users.find(user.merchantId, user.id)).toMatchObject({ totpSecret: null, totpLastStep: null, recoveryCodeHashes: null });
    expect(await auditOf(user.id, 'user.resetSecondFactor')).toMatchObject({ userId: admin.user!.id, before: { secondFactor: true, recoveryCodes: 2 }, after: { secondFactor: false, recoveryCodes: 0 } });
  });

  it("answers 404 for another merchant's person or an unknown id", async () => {
    const { user: theirs } = await bo.createUser('viewer', { merchantId: bo.otherMerchant.merchantId });
    for (const res of [
      await owner.patch(`/api/users/${theirs.id}`, { role: 'admin' }),
      await owner.post(`/api/users/${theirs.id}/reset-two-factor`),
      await owner.patch(`/api/users/${'f'.repeat(32)}`, { role: 'admin' }),
      await owner.patch('/api/users/nobody', { role: 'admin' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('notFound');
    }
    expect(await bo.store.users.find(bo.otherMerchant.merchantId, theirs.id)).toEqual(theirs);
  });
});
