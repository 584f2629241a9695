// The merchant's back office settings through the API: read by anyone signed in, changed by
// settings.manage with an audit row of before and after, amounts in the currency's minor units,
// bad input named; and, once a second factor is required, every action refused with
// twoFactorRequired to a person without one while their own routes still work.

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackofficeRoutes } from '../../src/backoffice/contract.js';
import { BACKOFFICE_ROUTE_SETS } from '../../src/backoffice/route-sets.js';
import { totpCode } from '../../src/crypto/totp.js';
import { startBackoffice, type BackofficeClient, type BackofficeHarness } from './harness.js';

/** A read that needs an action (payments.read), standing for every action route. */
const probe: BackofficeRoutes = (app) => {
  app.get('/probe/read', { config: { access: 'payments.read' } }, async () => ({ ok: true }));
};

describe('back office settings', () => {
  let bo: BackofficeHarness;
  beforeEach(async () => {
    await bo?.close();
    bo = await startBackoffice({ routeSets: [...BACKOFFICE_ROUTE_SETS, probe] });
  });
  afterAll(() => bo.close());

  async function enableSecondFactor(client: BackofficeClient): Promise<void> {
    const { secret } = (await client.post('/api/me/two-factor')).json();
    const response = await client.post('/api/me/two-factor/confirm', { code: totpCode(secret, bo.clock.now()) });
    expect(response.statusCode).toBe(200);
    client.csrfToken = response.json().csrfToken;
  }

  it('reads the defaults, then a change with its audit row, amounts as amount strings', async () => {
    const owner = await bo.signIn('owner');
    const viewer = await bo.signIn('viewer');
    expect((await viewer.get('/api/settings')).json()).toEqual({ supportRefundLimit: null, requireTwoFactor: false });
    const put = await owner.put('/api/settings', { supportRefundLimit: { amount: '50.00', currency: 'EUR' }, requireTwoFactor: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ supportRefundLimit: { amount: '50.00', currency: 'EUR' }, requireTwoFactor: false });
    expect((await viewer.get('/api/settings')).json()).toEqual(put.json());
    expect((await bo.store.merchantSettings.get(bo.merchant.merchantId)).supportRefundLimit).toEqual({ amount: 5000, currency: 'EUR' });
    const [entry] = (await bo.store.audit.list(bo.merchant.merchantId, { action: 'settings.change' }, undefined, 10)).entries;
    expect(entry).toMatchObject({ userId: owner.user!.id, before: { supportRefundLimit: null, requireTwoFactor: false }, after: { supportRefundLimit: { amount: '50.00', currency: 'EUR' }, requireTwoFactor: false } });
  });

  it('refuses a role without settings.manage, and bad input naming each parameter with nothing written', async () => {
    const support = await bo.signIn('support');
    expect((await support.put('/api/settings', { supportRefundLimit: null, requireTwoFactor: false })).json().error.code).toBe('forbidden');
    const admin = await bo.signIn('admin');
    const cases: Array<[unknown, string[]]> = [
      [{ supportRefundLimit: { amount: '12.5', currency: 'EUR' }, requireTwoFactor: false }, ['supportRefundLimit.amount']],
      [{ supportRefundLimit: { amount: 50, currency: 'EUR' }, requireTwoFactor: false }, ['supportRefundLimit.amount']],
      [{ supportRefundLimit: { amount: '0.00', currency: 'EUR' }, requireTwoFactor: false }, ['supportRefundLimit.amount']],
      [{ supportRefundLimit: { amount: '100.50', currency: 'JPY' }, requireTwoFactor: false }, ['supportRefundLimit.amount']],
      [{ supportRefundLimit: { amount: '10.00', currency: 'eur' }, requireTwoFactor: 'yes' }, ['supportRefundLimit.currency', 'requireTwoFactor']],
      [{ supportRefundLimit: 5, requireTwoFactor: false }, ['supportRefundLimit']],
      [{}, ['supportRefundLimit', 'requireTwoFactor']],
    ];
    for (const [body, names] of cases) {
      const response = await admin.put('/api/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.parameters.map((p: { name: string }) => p.name)).toEqual(names);
    }
    expect((await bo.store.merchantSettings.get(bo.merchant.merchantId)).updatedAt).toBeNull();
    expect((await bo.store.audit.list(bo.merchant.merchantId, { action: 'settings.change' }, undefined, 10)).entries).toEqual([]);
  });

  it('lets an owner require a second factor only once they have one', async () => {
    const owner = await bo.signIn('owner');
    expect((await owner.put('/api/settings', { supportRefundLimit: null, requireTwoFactor: true })).statusCode).toBe(409);
    await enableSecondFactor(owner);
    expect((await owner.put('/api/settings', { supportRefundLimit: null, requireTwoFactor: true })).statusCode).toBe(200);
    expect((await owner.get('/api/session')).json().twoFactor).toEqual({ enabled: true, required: true });
  });

  it('refuses every action to a person without a second factor once one is required, but not their own routes', async () => {
    const owner = await bo.signIn('owner');
    const viewer = await bo.signIn('viewer');
    expect((await viewer.get('/api/probe/read')).statusCode).toBe(200);
    await enableSecondFactor(owner);
    expect((await owner.put('/api/settings', { supportRefundLimit: null, requireTwoFactor: true })).statusCode).toBe(200);
    const refused = await viewer.get('/api/probe/read');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('twoFactorRequired');
    // The owner, who has one, goes on.
    expect((await owner.get('/api/probe/read')).statusCode).toBe(200);
    // Me, the settings, the set-up and the password still answer.
    expect((await viewer.get('/api/session')).json().twoFactor).toEqual({ enabled: false, required: true });
    expect((await viewer.get('/api/settings')).statusCode).toBe(200);
    const changed = await viewer.post('/api/me/password', { currentPassword: viewer.password, newPassword: 'a long and fresh passphrase' });
    expect(changed.statusCode).toBe(200);
    viewer.csrfToken = changed.json().csrfToken;
    await enableSecondFactor(viewer);
    expect((await viewer.get('/api/probe/read')).statusCode).toBe(200);
  });
});
