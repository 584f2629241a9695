// writeMerchant, writeTokenCreated and writeTokenRevoked: a merchant with its first working token;
// a token created or revoked with its audit row (its name, never the token's hash), or, when the
// revocation's guard fails (already revoked, the last working token), neither; and of two
// revocations of a merchant's last two tokens at the same time, one lands.

import { describe, expect, it } from 'vitest';
import { writeMerchant, writeTokenCreated, writeTokenRevoked, type TokenAuditBy } from '../../../../src/storage/writes/index.js';
import { tokenRecord } from '../access-tokens.js';
import { all, type ContractContext, count, id, T0 } from '../fixtures.js';
import { newMerchant } from '../people-fixtures.js';

function by(): TokenAuditBy {
  return { userId: id(), address: '198.51.100.4', auditId: id() };
}

export function writeAccessTokenContract(ctx: () => ContractContext): void {
  describe('writeMerchant and the access token writes', () => {
    it('writes a merchant with its first token, which finds it', async () => {
      const { store } = ctx();
      const merchant = { id: id(), name: 'Shop', tokenHash: id() + id(), webhookSecret: 'sealed', createdAt: T0 };
      const first = tokenRecord(merchant.id, { name: 'Initial token', tokenHash: merchant.tokenHash });
      await writeMerchant(store, merchant, first);
      expect(await store.accessTokens.findActive(merchant.tokenHash)).toEqual({ token: first, merchant });
    });

    it('writes nothing of a merchant whose first token cannot be written', async () => {
      const { store } = ctx();
      const taken = tokenRecord(await newMerchant(store));
      await store.accessTokens.insert(taken);
      const merchant = { id: id(), name: 'Shop', tokenHash: id() + id(), webhookSecret: 'sealed', createdAt: T0 };
      await expect(writeMerchant(store, merchant, tokenRecord(merchant.id, { tokenHash: taken.tokenHash }))).rejects.toThrow();
      expect(await store.merchants.find(merchant.id)).toBeUndefined();
    });

    it('creates a token with its audit row naming it, never its hash', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const t = tokenRecord(merchantId, { name: 'Rotation', createdAt: T0 + 3 });
      const who = by();
      await writeTokenCreated(store, t, who);
      expect(await store.accessTokens.listActive(merchantId)).toEqual([t]);
      const entries = (await store.audit.list(merchantId, {}, undefined, 10)).entries;
      expect(entries).toEqual([
        { id: who.auditId, merchantId, userId: who.userId, at: T0 + 3, address: who.address, action: 'credentials.tokenCreated', target: t.id, before: null, after: { name: 'Rotation' } },
      ]);
      expect(JSON.stringify(entries)).not.toContain(t.tokenHash);
    });

    it('revokes a token with its audit row; refuses the last working one and a revoked one, writing nothing', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const a = tokenRecord(merchantId, { name: 'Old' });
      const b = tokenRecord(merchantId, { name: 'New', createdAt: T0 + 1 });
      await store.accessTokens.insert(a);
      await store.accessTokens.insert(b);
      const who = by();
      expect(await writeTokenRevoked(store, a, T0 + 9, who)).toBe(true);
      expect(await writeTokenRevoked(store, a, T0 + 10, by())).toBe(false);
      expect(await writeTokenRevoked(store, b, T0 + 11, by())).toBe(false);
      expect(await store.accessTokens.listActive(merchantId)).toEqual([b]);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([
        { id: who.auditId, merchantId, userId: who.userId, at: T0 + 9, address: who.address, action: 'credentials.tokenRevoked', target: a.id, before: { name: 'Old', revoked: false }, after: { name: 'Old', revoked: true } },
      ]);
    });

    it('of two revocations of a merchant\'s last two tokens at the same time, lands one', async () => {
      const { store, harness } = ctx();
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        for (let round = 0; round < 5; round++) {
          const merchantId = await newMerchant(store);
          const a = tokenRecord(merchantId);
          const b = tokenRecord(merchantId);
          await store.accessTokens.insert(a);
          await store.accessTokens.insert(b);
          const revoked = await all([() => writeTokenRevoked(store, a, T0 + 1, by()), () => writeTokenRevoked(other, b, T0 + 1, by())]);
          expect(count(revoked)).toBe(1);
          expect(await store.accessTokens.listActive(merchantId)).toHaveLength(1);
          expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toHaveLength(1);
        }
      } finally {
        if (other !== store) await other.close();
      }
    });
  });
}
