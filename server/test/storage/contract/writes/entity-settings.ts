// writeEntitySettings: a channel's settings and their audit row together, only over the settings read.

import { describe, expect, it } from 'vitest';
import { writeEntitySettings } from '../../../../src/storage/writes/index.js';
import { id, type ContractContext, T0 } from '../fixtures.js';
import { auditEntry, newMerchant } from '../people-fixtures.js';

export function writeEntitySettingsContract(ctx: () => ContractContext): void {
  describe('writeEntitySettings', () => {
    it('writes the change and its audit row, and neither when the settings changed meanwhile', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const read = { country: 'BR' as const, throttle: { payments: 5 }, bankAccount: { holder: 'Shop', number: 'DE89370400440532013000' } };
      const entity = { id: id(), merchantId, name: 'Web', settings: read, createdAt: T0 };
      await store.entities.create(entity);
      const next = { ...read, timeZone: 'Europe/Berlin', strictParameters: true };
      const audit = auditEntry(merchantId, { action: 'channel.changeSettings', target: entity.id, before: { timeZone: null }, after: { timeZone: 'Europe/Berlin' } });
      expect(await writeEntitySettings(store, { entityId: entity.id, read, next, audit })).toBe(true);
      expect((await store.entities.find(entity.id))?.settings).toEqual(next);

      // A second save from the same (stale) reading.
      const stale = { ...read, country: 'MX' as const };
      expect(await writeEntitySettings(store, { entityId: entity.id, read, next: stale, audit: auditEntry(merchantId, { action: 'channel.changeSettings' }) })).toBe(false);
      expect((await store.entities.find(entity.id))?.settings).toEqual(next);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([audit]);
    });
  });
}
