// The entities (channels) repository: creation, a merchant's list in order, settings, foreign keys.

import { describe, expect, it } from 'vitest';
import { type ContractContext, id, T0 } from './fixtures.js';

export function entitiesContract(ctx: () => ContractContext): void {
  describe('entities repository', () => {
    it('creates, lists in creation order and updates entity settings', async () => {
      const { store } = ctx();
      const merchantId = id();
      await store.merchants.create({ id: merchantId, name: 'M', tokenHash: id() + id(), webhookSecret: 'w', createdAt: T0 });
      const first = { id: id(), merchantId, name: 'Web', settings: {}, createdAt: T0 };
      const second = { id: id(), merchantId, name: 'App', settings: { country: 'BR' as const, allowedOrigins: ['https://shop.example'] }, createdAt: T0 + 1 };
      await store.entities.create(second);
      await store.entities.create(first);
      expect(await store.entities.find(second.id)).toEqual(second);
      expect((await store.entities.list(merchantId)).map((e) => e.id)).toEqual([first.id, second.id]);
      expect(await store.entities.list(id())).toEqual([]);
      const settings = { allowedOrigins: ['https://a.example'], reversalCutoffMs: 3_600_000, throttle: { payments: 5 } };
      await store.entities.updateSettings(first.id, settings);
      expect((await store.entities.find(first.id))?.settings).toEqual(settings);
      expect(await store.entities.find(id())).toBeUndefined();
    });

    it("keeps a channel's strict parameters and 3-D Secure 2 requirement, and their removal", async () => {
      const { store } = ctx();
      const merchantId = id();
      await store.merchants.create({ id: merchantId, name: 'M', tokenHash: id() + id(), webhookSecret: 'w', createdAt: T0 });
      const entity = { id: id(), merchantId, name: 'Web', settings: { strictParameters: true, threeDSecure2Required: true }, createdAt: T0 };
      await store.entities.create(entity);
      expect((await store.entities.find(entity.id))?.settings).toEqual({ strictParameters: true, threeDSecure2Required: true });
      await store.entities.updateSettings(entity.id, { threeDSecure2Required: true });
      expect((await store.entities.find(entity.id))?.settings).toEqual({ threeDSecure2Required: true });
      await store.entities.updateSettings(entity.id, {});
      expect((await store.entities.find(entity.id))?.settings).toEqual({});
    });

    it('refuses an entity of an unknown merchant (foreign keys are on)', async () => {
      await expect(ctx().store.entities.create({ id: id(), merchantId: id(), name: 'E', settings: {}, createdAt: T0 })).rejects.toThrow();
    });
  });
}
