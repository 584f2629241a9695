// The users repository: round trip, e-mail addresses unique per merchant whatever their case,
// guarded changes, nothing of another merchant, and invitations taken once, before they expire.

import { describe, expect, it } from 'vitest';
import { all, type ContractContext, count, HOUR, id, T0 } from './fixtures.js';
import { invitationRecord, newMerchant, userRecord } from './people-fixtures.js';

export function usersContract(ctx: () => ContractContext): void {
  describe('users repository', () => {
    it('stores a user and reads it back by id, by address and in its merchant\'s list', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { email: 'ann@shop.example', channelIds: ['e1', 'e2'], passwordHash: 'h', totpSecret: 'sealed', totpLastStep: 56_666_666, recoveryCodeHashes: ['a1', 'b2'], status: 'active', lastSignInAt: T0 + 5 });
      const v = userRecord(merchantId, { email: 'bob@shop.example', role: 'owner' });
      await store.users.insert(v);
      await store.users.insert(u);
      expect(await store.users.find(merchantId, u.id)).toEqual(u);
      expect(await store.users.findByEmail(merchantId, 'ann@shop.example')).toEqual(u);
      expect(await store.users.list(merchantId)).toEqual([u, v]);
      expect(await store.users.find(merchantId, id())).toBeUndefined();
    });

    it('finds the active users of an address across merchants, whatever its case, for the sign-in', async () => {
      const { store } = ctx();
      const address = `${id()}@Shop.example`;
      const older = userRecord(await newMerchant(store), { email: address, status: 'active', createdAt: T0 });
      const newer = userRecord(await newMerchant(store), { email: address, status: 'active', createdAt: T0 + 1 });
      const invited = userRecord(await newMerchant(store), { email: address, status: 'invited' });
      const gone = userRecord(await newMerchant(store), { email: address, status: 'deactivated' });
      for (const u of [newer, invited, gone, older]) await store.users.insert(u);
      const found = await store.users.findActiveByEmail(address.toUpperCase());
      expect(found.map((u) => u.id)).toEqual([older.id, newer.id]);
      expect(await store.users.findActiveByEmail(`${id()}@shop.example`)).toEqual([]);
    });

    it('finds a user by id alone for the operator, whatever its merchant', async () => {
      const { store } = ctx();
      const u = userRecord(await newMerchant(store));
      const v = userRecord(await newMerchant(store));
      await store.users.insert(u);
      await store.users.insert(v);
      expect(await store.users.findForOperator(u.id)).toEqual(u);
      expect(await store.users.findForOperator(v.id)).toEqual(v);
      expect(await store.users.findForOperator(id())).toBeUndefined();
    });

    it('finds and keeps an address whatever its case, once per merchant; another merchant may use it', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { email: 'Carol.Jones@Shop.Example' });
      await store.users.insert(u);
      const stored = await store.users.findByEmail(merchantId, 'carol.jones@shop.example');
      expect(stored).toEqual({ ...u, email: 'carol.jones@shop.example' });
      expect((await store.users.findByEmail(merchantId, 'CAROL.JONES@SHOP.EXAMPLE'))?.id).toBe(u.id);
      await expect(store.users.insert(userRecord(merchantId, { email: 'carol.jones@SHOP.example' }))).rejects.toThrow();
      expect(await store.users.list(merchantId)).toHaveLength(1);

      const other = await newMerchant(store);
      const same = userRecord(other, { email: 'carol.jones@shop.example' });
      await store.users.insert(same);
      expect((await store.users.findByEmail(other, 'Carol.Jones@Shop.Example'))?.id).toBe(same.id);
    });

    it('lists, finds and changes nothing of another merchant', async () => {
      const { store } = ctx();
      const mine = await newMerchant(store);
      const theirs = await newMerchant(store);
      const u = userRecord(theirs, { role: 'viewer' });
      await store.users.insert(u);
      expect(await store.users.list(mine)).toEqual([]);
      expect(await store.users.find(mine, u.id)).toBeUndefined();
      expect(await store.users.findByEmail(mine, u.email)).toBeUndefined();
      expect(await store.users.setRole(mine, u.id, 'viewer', 'owner', T0 + 1)).toBe(false);
      expect(await store.users.setStatus(mine, u.id, 'invited', 'active', T0 + 1)).toBe(false);
      expect(await store.users.find(theirs, u.id)).toEqual(u);
    });

    it('changes each field only while it holds what the caller read', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId);
      await store.users.insert(u);
      const t = T0 + HOUR;
      expect(await store.users.setRole(merchantId, u.id, 'support', 'finance', t)).toBe(true);
      expect(await store.users.setRole(merchantId, u.id, 'support', 'admin', t)).toBe(false);
      expect(await store.users.setChannels(merchantId, u.id, null, ['e1'], t)).toBe(true);
      expect(await store.users.setChannels(merchantId, u.id, null, ['e2'], t)).toBe(false);
      expect(await store.users.setChannels(merchantId, u.id, ['e1'], null, t)).toBe(true);
      expect(await store.users.setPasswordHash(merchantId, u.id, null, 'hash-1', t)).toBe(true);
      expect(await store.users.setPasswordHash(merchantId, u.id, null, 'hash-2', t)).toBe(false);
      expect(await store.users.setTotpSecret(merchantId, u.id, null, 'sealed-1', t)).toBe(true);
      expect(await store.users.setTotpSecret(merchantId, u.id, 'sealed-1', null, t)).toBe(true);
      expect(await store.users.setTotpLastStep(merchantId, u.id, null, 56_666_667, t)).toBe(true);
      expect(await store.users.setTotpLastStep(merchantId, u.id, null, 56_666_668, t)).toBe(false);
      expect(await store.users.setTotpLastStep(merchantId, u.id, 56_666_667, 56_666_668, t)).toBe(true);
      expect(await store.users.setRecoveryCodeHashes(merchantId, u.id, null, ['h1', 'h2', 'h3'], t)).toBe(true);
      expect(await store.users.setRecoveryCodeHashes(merchantId, u.id, ['h1', 'h2', 'h3'], ['h1', 'h3'], t)).toBe(true);
      expect(await store.users.setRecoveryCodeHashes(merchantId, u.id, ['h1', 'h2', 'h3'], ['h2', 'h3'], t)).toBe(false);
      expect(await store.users.setStatus(merchantId, u.id, 'invited', 'active', t)).toBe(true);
      expect(await store.users.setStatus(merchantId, u.id, 'invited', 'deactivated', t)).toBe(false);
      expect(await store.users.recordSignIn(merchantId, u.id, t + 1)).toBe(true);
      expect(await store.users.find(merchantId, u.id)).toEqual({ ...u, role: 'finance', channelIds: null, passwordHash: 'hash-1', totpSecret: null, totpLastStep: 56_666_668, recoveryCodeHashes: ['h1', 'h3'], status: 'active', updatedAt: t, lastSignInAt: t + 1 });
      expect(await store.users.setStatus(merchantId, u.id, 'active', 'deactivated', t + 2)).toBe(true);
      expect(await store.users.recordSignIn(merchantId, u.id, t + 3)).toBe(false);
    });

    it('of two changes made from one reading, one lands', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId);
      await store.users.insert(u);
      const results = await all([
        () => store.users.setRole(merchantId, u.id, 'support', 'admin', T0 + 1),
        () => store.users.setRole(merchantId, u.id, 'support', 'viewer', T0 + 1),
      ]);
      expect(count(results)).toBe(1);
      expect((await store.users.find(merchantId, u.id))?.role).toBe(results[0] ? 'admin' : 'viewer');
    });

    it('accepts one TOTP step and spends one recovery code once, when two sign-ins race with them', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { totpSecret: 'sealed', totpLastStep: 10, recoveryCodeHashes: ['h1', 'h2'] });
      await store.users.insert(u);
      const steps = await all([() => store.users.setTotpLastStep(merchantId, u.id, 10, 11, T0 + 1), () => store.users.setTotpLastStep(merchantId, u.id, 10, 11, T0 + 1)]);
      expect(count(steps)).toBe(1);
      const spends = await all([
        () => store.users.setRecoveryCodeHashes(merchantId, u.id, ['h1', 'h2'], ['h2'], T0 + 1),
        () => store.users.setRecoveryCodeHashes(merchantId, u.id, ['h1', 'h2'], ['h2'], T0 + 1),
      ]);
      expect(count(spends)).toBe(1);
      expect(await store.users.find(merchantId, u.id)).toMatchObject({ totpLastStep: 11, recoveryCodeHashes: ['h2'] });
    });

    it('takes an invitation once, even when two takes run at the same time', async () => {
      const { store, harness } = ctx();
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        const merchantId = await newMerchant(store);
        for (let round = 0; round < 5; round++) {
          const u = userRecord(merchantId);
          await store.users.insert(u);
          const i = invitationRecord(u.id);
          await store.users.insertInvitation(i);
          const taken = await all([() => store.users.takeInvitation(i.tokenHash, T0 + HOUR), () => other.users.takeInvitation(i.tokenHash, T0 + HOUR)]);
          expect(taken.filter((t) => t !== undefined)).toEqual([u]);
          expect(await store.users.takeInvitation(i.tokenHash, T0 + HOUR + 1)).toBeUndefined();
        }
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('refuses an expired invitation and an unknown token', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId);
      await store.users.insert(u);
      const i = invitationRecord(u.id, { expiresAt: T0 + HOUR });
      await store.users.insertInvitation(i);
      expect(await store.users.takeInvitation(i.tokenHash, T0 + HOUR)).toBeUndefined();
      expect(await store.users.takeInvitation(i.tokenHash, T0 + 2 * HOUR)).toBeUndefined();
      expect(await store.users.takeInvitation(id() + id(), T0)).toBeUndefined();
      // Still unused when it was refused: one a moment before its end is taken.
      const j = invitationRecord(u.id, { expiresAt: T0 + HOUR });
      await store.users.insertInvitation(j);
      expect(await store.users.takeInvitation(j.tokenHash, T0 + HOUR - 1)).toEqual(u);
    });

    it('finds an invitation\'s user while it is unused and unexpired, without taking it', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId);
      await store.users.insert(u);
      const i = invitationRecord(u.id, { expiresAt: T0 + HOUR });
      await store.users.insertInvitation(i);
      expect(await store.users.findInvitation(i.tokenHash, T0)).toEqual(u);
      expect(await store.users.findInvitation(i.tokenHash, T0)).toEqual(u);
      expect(await store.users.findInvitation(i.tokenHash, T0 + HOUR)).toBeUndefined();
      expect(await store.users.findInvitation(id() + id(), T0)).toBeUndefined();
      expect(await store.users.takeInvitation(i.tokenHash, T0)).toEqual(u);
      expect(await store.users.findInvitation(i.tokenHash, T0)).toBeUndefined();
    });
  });
}
