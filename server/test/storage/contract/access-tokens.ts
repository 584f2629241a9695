// The access tokens repository: round trip, a hash unique across merchants, the working token
// found with its merchant and a revoked one not, nothing of another merchant, a merchant never
// left without a working token, and a use noted at most once per resolution.

import { describe, expect, it } from 'vitest';
import type { AccessTokenRecord } from '../../../src/domain/access-tokens.js';
import { mustChangeOneRow } from '../../../src/storage/guarded-query.js';
import type { Store } from '../../../src/storage/store.js';
import { id, T0 } from './fixtures.js';
import type { ContractContext } from './fixtures.js';
import { newMerchant } from './people-fixtures.js';

const MINUTE = 60_000;

export function tokenRecord(merchantId: string, over: Partial<AccessTokenRecord> = {}): AccessTokenRecord {
  return { id: id(), merchantId, name: 'Shop server', tokenHash: id() + id(), createdAt: T0, lastUsedAt: null, revokedAt: null, ...over };
}

class NotRevoked extends Error {}

/** Runs the repository's revocation statement alone; 1 when it changed its row, 0 when its guard held it back. */
async function revoke(store: Store, merchantId: string, tokenId: string, now: number): Promise<number> {
  try {
    await store.writeTogether([mustChangeOneRow(store.accessTokens.revokeStatement(merchantId, tokenId, now), () => new NotRevoked())]);
    return 1;
  } catch (error) {
    if (error instanceof NotRevoked) return 0;
    throw error;
  }
}

export function accessTokensContract(ctx: () => ContractContext): void {
  describe('access tokens repository', () => {
    it('stores tokens and lists the working ones, oldest first; finds one by id whatever its state', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const first = tokenRecord(merchantId, { name: 'Initial token', lastUsedAt: T0 + 7 });
      const second = tokenRecord(merchantId, { createdAt: T0 + 1 });
      const revoked = tokenRecord(merchantId, { createdAt: T0 + 2, revokedAt: T0 + 3 });
      await store.accessTokens.insert(second);
      await store.accessTokens.insert(first);
      await store.accessTokens.insert(revoked);
      expect(await store.accessTokens.listActive(merchantId)).toEqual([first, second]);
      expect(await store.accessTokens.find(merchantId, revoked.id)).toEqual(revoked);
      expect(await store.accessTokens.find(merchantId, id())).toBeUndefined();
    });

    it('finds a working token with its merchant by hash, and never a revoked one', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const working = tokenRecord(merchantId);
      const revoked = tokenRecord(merchantId, { revokedAt: T0 + 1 });
      await store.accessTokens.insert(working);
      await store.accessTokens.insert(revoked);
      const found = await store.accessTokens.findActive(working.tokenHash);
      expect(found?.token).toEqual(working);
      expect(found?.merchant).toEqual(await store.merchants.find(merchantId));
      expect(await store.accessTokens.findActive(revoked.tokenHash)).toBeUndefined();
      expect(await store.accessTokens.findActive(id() + id())).toBeUndefined();
    });

    it('refuses a second token with the same hash, of any merchant', async () => {
      const { store } = ctx();
      const t = tokenRecord(await newMerchant(store));
      await store.accessTokens.insert(t);
      await expect(store.accessTokens.insert(tokenRecord(await newMerchant(store), { tokenHash: t.tokenHash }))).rejects.toThrow();
    });

    it('finds, lists and revokes nothing of another merchant', async () => {
      const { store } = ctx();
      const mine = await newMerchant(store);
      const theirs = await newMerchant(store);
      const a = tokenRecord(theirs);
      const b = tokenRecord(theirs, { createdAt: T0 + 1 });
      await store.accessTokens.insert(a);
      await store.accessTokens.insert(b);
      expect(await store.accessTokens.listActive(mine)).toEqual([]);
      expect(await store.accessTokens.find(mine, a.id)).toBeUndefined();
      expect(await revoke(store, mine, a.id, T0 + 1)).toBe(0);
      expect(await store.accessTokens.listActive(theirs)).toEqual([a, b]);
    });

    it('revokes a token while another works, never the last working one, and a revoked one only once', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const a = tokenRecord(merchantId);
      const b = tokenRecord(merchantId, { createdAt: T0 + 1 });
      await store.accessTokens.insert(a);
      await store.accessTokens.insert(b);
      expect(await revoke(store, merchantId, a.id, T0 + 5)).toBe(1);
      expect(await revoke(store, merchantId, a.id, T0 + 6)).toBe(0);
      expect(await revoke(store, merchantId, b.id, T0 + 7)).toBe(0);
      expect(await store.accessTokens.find(merchantId, a.id)).toEqual({ ...a, revokedAt: T0 + 5 });
      expect(await store.accessTokens.listActive(merchantId)).toEqual([b]);
    });

    it('notes a use once per resolution, whatever the relay that asks', async () => {
      const { store } = ctx();
      const t = tokenRecord(await newMerchant(store));
      await store.accessTokens.insert(t);
      expect(await store.accessTokens.noteUse(t.id, T0 + MINUTE, MINUTE)).toBe(true);
      expect(await store.accessTokens.noteUse(t.id, T0 + 2 * MINUTE - 1, MINUTE)).toBe(false);
      expect((await store.accessTokens.find(t.merchantId, t.id))?.lastUsedAt).toBe(T0 + MINUTE);
      expect(await store.accessTokens.noteUse(t.id, T0 + 2 * MINUTE, MINUTE)).toBe(true);
      expect((await store.accessTokens.find(t.merchantId, t.id))?.lastUsedAt).toBe(T0 + 2 * MINUTE);
    });
  });
}
