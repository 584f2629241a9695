// The merchants repository: creation, lookups by id and token hash, counting, webhook secrets.

import { describe, expect, it } from 'vitest';
import { type ContractContext, id, T0 } from './fixtures.js';

export function merchantsContract(ctx: () => ContractContext): void {
  describe('merchants repository', () => {
    it('creates, finds by id and by token hash, and counts merchants', async () => {
      const { store } = ctx();
      const before = await store.merchants.count();
      const m = { id: id(), name: 'Shop', tokenHash: id() + id(), webhookSecret: id() + id(), createdAt: T0 };
      await store.merchants.create(m);
      expect(await store.merchants.count()).toBe(before + 1);
      expect(await store.merchants.find(m.id)).toEqual(m);
      expect(await store.merchants.findByTokenHash(m.tokenHash)).toEqual(m);
      expect(await store.merchants.findByTokenHash(id() + id())).toBeUndefined();
      expect(await store.merchants.find(id())).toBeUndefined();
    });

    it('lists webhook secrets and replaces one only while it is what the caller read', async () => {
      const { store } = ctx();
      const m = { id: id(), name: 'Old', tokenHash: id() + id(), webhookSecret: 'plain', createdAt: T0 };
      await store.merchants.create(m);
      expect(await store.merchants.listWebhookSecrets()).toContainEqual({ id: m.id, webhookSecret: 'plain' });
      expect(await store.merchants.replaceWebhookSecret(m.id, 'plain', 'sealed.v1.x')).toBe(true);
      expect(await store.merchants.replaceWebhookSecret(m.id, 'plain', 'sealed.v1.y')).toBe(false);
      expect((await store.merchants.find(m.id))?.webhookSecret).toBe('sealed.v1.x');
    });

    it('refuses a second merchant with the same token hash', async () => {
      const { store } = ctx();
      const tokenHash = id() + id();
      await store.merchants.create({ id: id(), name: 'A', tokenHash, webhookSecret: 'w', createdAt: T0 });
      await expect(store.merchants.create({ id: id(), name: 'B', tokenHash, webhookSecret: 'w', createdAt: T0 })).rejects.toThrow();
    });
  });
}
