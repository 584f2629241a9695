// writeMerchantSettings: the settings and their audit row together, only over the settings read.

import { describe, expect, it } from 'vitest';
import { writeMerchantSettings } from '../../../../src/storage/writes/index.js';
import { type ContractContext, T0 } from '../fixtures.js';
import { auditEntry, newMerchant } from '../people-fixtures.js';

export function writeMerchantSettingsContract(ctx: () => ContractContext): void {
  describe('writeMerchantSettings', () => {
    it('writes the change and its audit row, and neither when the settings changed meanwhile', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const read = await store.merchantSettings.get(merchantId);
      const next = { ...read, requireTwoFactor: true, updatedAt: T0 + 1 };
      const audit = auditEntry(merchantId, { action: 'settings.change', before: { requireTwoFactor: false }, after: { requireTwoFactor: true } });
      expect(await writeMerchantSettings(store, { read, next, audit })).toBe(true);
      expect(await store.merchantSettings.get(merchantId)).toEqual(next);

      // A second save from the same (stale) reading.
      const stale = { ...read, supportRefundLimit: { amount: 100, currency: 'EUR' }, updatedAt: T0 + 2 };
      expect(await writeMerchantSettings(store, { read, next: stale, audit: auditEntry(merchantId, { action: 'settings.change' }) })).toBe(false);
      expect(await store.merchantSettings.get(merchantId)).toEqual(next);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([audit]);
    });
  });
}
