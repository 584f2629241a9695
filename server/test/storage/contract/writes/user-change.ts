// writeUserChange: a user's change and its audit row (before and after, never a secret), or,
// when the change's guard fails, neither.

import { describe, expect, it } from 'vitest';
import type { UserChangeWrite } from '../../../../src/storage/writes/index.js';
import { writeUserChange } from '../../../../src/storage/writes/index.js';
import { all, type ContractContext, count, HOUR, id, T0 } from '../fixtures.js';
import { newMerchant, userRecord } from '../people-fixtures.js';

function by(action: string): UserChangeWrite['by'] {
  return { userId: id(), address: '198.51.100.4', action, auditId: id() };
}

export function writeUserChangeContract(ctx: () => ContractContext): void {
  describe('writeUserChange', () => {
    it('writes the change with its audit row, values before and after', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { role: 'viewer' });
      await store.users.insert(u);
      const who = by('user.setRole');
      expect(await writeUserChange(store, { merchantId, userId: u.id, change: { field: 'role', from: 'viewer', to: 'admin' }, now: T0 + 1, by: who })).toBe(true);
      expect((await store.users.find(merchantId, u.id))?.role).toBe('admin');
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([
        { id: who.auditId, merchantId, userId: who.userId, at: T0 + 1, address: who.address, action: 'user.setRole', target: u.id, before: { role: 'viewer' }, after: { role: 'admin' } },
      ]);
    });

    it('audits whether a password or second factor is set and how many recovery codes remain, never a secret or hash', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId);
      await store.users.insert(u);
      await writeUserChange(store, { merchantId, userId: u.id, change: { field: 'passwordHash', from: null, to: 'scrypt$secret-hash' }, now: T0 + 1, by: by('user.setPassword') });
      await writeUserChange(store, { merchantId, userId: u.id, change: { field: 'totpSecret', from: null, to: 'sealed-totp' }, now: T0 + 2, by: by('user.setSecondFactor') });
      await writeUserChange(store, { merchantId, userId: u.id, change: { field: 'recoveryCodeHashes', from: null, to: ['code-hash-1', 'code-hash-2'] }, now: T0 + 3, by: by('user.setRecoveryCodes') });
      const entries = (await store.audit.list(merchantId, {}, undefined, 10)).entries;
      expect(entries.map((e) => [e.before, e.after])).toEqual([
        [{ recoveryCodes: 0 }, { recoveryCodes: 2 }],
        [{ secondFactor: false }, { secondFactor: true }],
        [{ password: false }, { password: true }],
      ]);
      expect(JSON.stringify(entries)).not.toMatch(/secret-hash|sealed-totp|code-hash/);
    });

    it('changes several fields as one act with one audit row, or none of them when one guard fails', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { totpSecret: 'sealed-totp', totpLastStep: 7, recoveryCodeHashes: ['code-hash-1'] });
      await store.users.insert(u);
      const stale = await writeUserChange(store, {
        merchantId,
        userId: u.id,
        change: [
          { field: 'totpSecret', from: 'sealed-totp', to: null },
          { field: 'totpLastStep', from: 6, to: null },
        ],
        now: T0 + 1,
        by: by('user.resetSecondFactor'),
      });
      expect(stale).toBe(false);
      expect(await store.users.find(merchantId, u.id)).toEqual(u);
      const reset = await writeUserChange(store, {
        merchantId,
        userId: u.id,
        change: [
          { field: 'totpSecret', from: 'sealed-totp', to: null },
          { field: 'totpLastStep', from: 7, to: null },
          { field: 'recoveryCodeHashes', from: ['code-hash-1'], to: null },
        ],
        now: T0 + 2,
        by: by('user.resetSecondFactor'),
      });
      expect(reset).toBe(true);
      expect(await store.users.find(merchantId, u.id)).toMatchObject({ totpSecret: null, totpLastStep: null, recoveryCodeHashes: null });
      const entries = (await store.audit.list(merchantId, {}, undefined, 10)).entries;
      expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
        ['user.resetSecondFactor', { secondFactor: true, totpLastStep: 7, recoveryCodes: 1 }, { secondFactor: false, totpLastStep: null, recoveryCodes: 0 }],
      ]);
    });

    it('writes no audit row when the guard fails: a stale reading, or another merchant\'s user', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { status: 'active' });
      await store.users.insert(u);
      expect(await writeUserChange(store, { merchantId, userId: u.id, change: { field: 'status', from: 'invited', to: 'deactivated' }, now: T0 + 1, by: by('user.deactivate') })).toBe(false);
      const other = await newMerchant(store);
      expect(await writeUserChange(store, { merchantId: other, userId: u.id, change: { field: 'status', from: 'active', to: 'deactivated' }, now: T0 + 1, by: by('user.deactivate') })).toBe(false);
      expect(await store.users.find(merchantId, u.id)).toEqual(u);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([]);
      expect((await store.audit.list(other, {}, undefined, 10)).entries).toEqual([]);
    });

    it('of two changes from one reading at the same time, one lands with one audit row', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { channelIds: ['e1'] });
      await store.users.insert(u);
      const results = await all([
        () => writeUserChange(store, { merchantId, userId: u.id, change: { field: 'channelIds', from: ['e1'], to: ['e1', 'e2'] }, now: T0 + 1, by: by('user.setChannels') }),
        () => writeUserChange(store, { merchantId, userId: u.id, change: { field: 'channelIds', from: ['e1'], to: null }, now: T0 + 1, by: by('user.setChannels') }),
      ]);
      expect(count(results)).toBe(1);
      const entries = (await store.audit.list(merchantId, {}, undefined, 10)).entries;
      expect(entries).toHaveLength(1);
      expect(entries[0]?.after).toEqual({ channelIds: results[0] ? ['e1', 'e2'] : null });
      expect((await store.users.find(merchantId, u.id))?.channelIds).toEqual(results[0] ? ['e1', 'e2'] : null);
    });

    it('keeping another owner: demotes or deactivates an owner only while another active one remains', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const ann = userRecord(merchantId, { role: 'owner', status: 'active' });
      const bob = userRecord(merchantId, { role: 'owner', status: 'active' });
      const gone = userRecord(merchantId, { role: 'owner', status: 'deactivated' });
      for (const u of [ann, bob, gone]) await store.users.insert(u);
      const demote = (u: typeof ann) => writeUserChange(store, { merchantId, userId: u.id, change: { field: 'role', from: 'owner', to: 'admin' }, now: T0 + 1, by: by('user.setRole'), keepAnotherOwner: true });
      expect(await demote(ann)).toBe(true);
      // A deactivated owner is no owner to keep: bob is the last active one.
      expect(await demote(bob)).toBe(false);
      expect(await writeUserChange(store, { merchantId, userId: bob.id, change: { field: 'status', from: 'active', to: 'deactivated' }, now: T0 + 2, by: by('user.deactivate'), keepAnotherOwner: true })).toBe(false);
      expect((await store.users.find(merchantId, bob.id))).toEqual(bob);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries.map((e) => e.target)).toEqual([ann.id]);
    });

    it('keeping another owner: of two owners demoting each other at the same time, one lands', async () => {
      const { store, harness } = ctx();
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        for (let round = 0; round < 5; round++) {
          const merchantId = await newMerchant(store);
          const ann = userRecord(merchantId, { role: 'owner', status: 'active' });
          const bob = userRecord(merchantId, { role: 'owner', status: 'active' });
          await store.users.insert(ann);
          await store.users.insert(bob);
          const results = await all([ann, bob].map((u, i) => () => writeUserChange(i === 0 ? store : other, { merchantId, userId: u.id, change: { field: 'role', from: 'owner', to: 'admin' }, now: T0 + 1, by: by('user.setRole'), keepAnotherOwner: true })));
          expect(count(results)).toBe(1);
          expect((await store.users.list(merchantId)).filter((u) => u.role === 'owner')).toHaveLength(1);
        }
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('ends the user\'s sessions with a deactivation that lands, and none when it does not', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { status: 'active' });
      const v = userRecord(merchantId, { status: 'active' });
      await store.users.insert(u);
      await store.users.insert(v);
      const session = (userId: string) => ({ id: id() + id(), userId, merchantId, csrfToken: id(), createdAt: T0, lastSeenAt: T0, absoluteExpiresAt: T0 + HOUR, address: null });
      const [u1, u2, v1] = [session(u.id), session(u.id), session(v.id)];
      for (const s of [u1, u2, v1]) await store.sessions.insert(s);
      const deactivate = (from: 'active' | 'invited') => writeUserChange(store, { merchantId, userId: u.id, change: { field: 'status', from, to: 'deactivated' }, now: T0 + 1, by: by('user.deactivate'), endSessions: true });
      expect(await deactivate('invited')).toBe(false);
      expect(await store.sessions.deleteOfUser(u.id)).toBe(2);
      for (const s of [u1, u2]) await store.sessions.insert(s);
      expect(await deactivate('active')).toBe(true);
      expect(await store.sessions.deleteOfUser(u.id)).toBe(0);
      expect(await store.sessions.deleteOfUser(v.id)).toBe(1);
    });

    it('ends the user\'s sessions by default when their role, channels or activity change, not for a password rehash or a second factor', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const u = userRecord(merchantId, { status: 'active', role: 'viewer' });
      await store.users.insert(u);
      const sessions = async () => {
        await store.sessions.insert({ id: id() + id(), userId: u.id, merchantId, csrfToken: id(), createdAt: T0, lastSeenAt: T0, absoluteExpiresAt: T0 + HOUR, address: null });
      };
      const change = (c: UserChangeWrite['change']) => writeUserChange(store, { merchantId, userId: u.id, change: c, now: T0 + 1, by: by('user.change') });
      await sessions();
      expect(await change({ field: 'totpSecret', from: null, to: 'sealed' })).toBe(true);
      expect(await change({ field: 'passwordHash', from: u.passwordHash, to: 'rehashed' })).toBe(true);
      expect(await store.sessions.deleteOfUser(u.id)).toBe(1);
      for (const c of [{ field: 'role', from: 'viewer', to: 'finance' }, { field: 'channelIds', from: null, to: [id()] }, { field: 'status', from: 'active', to: 'deactivated' }] as const) {
        await sessions();
        expect(await change(c)).toBe(true);
        expect(await store.sessions.deleteOfUser(u.id), c.field).toBe(0);
      }
    });
  });
}
