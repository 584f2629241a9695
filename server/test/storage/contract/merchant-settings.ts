// A merchant's back office settings: the defaults until first changed, then a change guarded by
// the updatedAt read, and nothing of another merchant.

import { describe, expect, it } from 'vitest';
import { defaultMerchantSettings } from '../../../src/domain/merchant-settings.js';
import { type ContractContext, T0 } from './fixtures.js';
import { newMerchant } from './people-fixtures.js';

export function merchantSettingsContract(ctx: () => ContractContext): void {
  describe('merchant settings repository', () => {
    it('answers the defaults for a merchant that never changed them', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      expect(await store.merchantSettings.get(merchantId)).toEqual(defaultMerchantSettings(merchantId));
      expect(defaultMerchantSettings(merchantId)).toEqual({ merchantId, supportRefundLimit: null, requireTwoFactor: false, updatedAt: null });
    });

    it('stores a change only over the settings read: the first from the defaults, then from its updatedAt', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const first = { merchantId, supportRefundLimit: { amount: 5_000_00, currency: 'EUR' }, requireTwoFactor: true, updatedAt: T0 + 1 };
      expect(await store.merchantSettings.put(first, null)).toBe(true);
      expect(await store.merchantSettings.get(merchantId)).toEqual(first);
      // Another save from the same (default) reading finds the row there: refused.
      expect(await store.merchantSettings.put({ ...first, requireTwoFactor: false, updatedAt: T0 + 2 }, null)).toBe(false);
      const second = { merchantId, supportRefundLimit: null, requireTwoFactor: false, updatedAt: T0 + 3 };
      expect(await store.merchantSettings.put(second, T0 + 2)).toBe(false);
      expect(await store.merchantSettings.put(second, T0 + 1)).toBe(true);
      expect(await store.merchantSettings.get(merchantId)).toEqual(second);
    });

    it('keeps one merchant\'s settings from another\'s', async () => {
      const { store } = ctx();
      const mine = await newMerchant(store);
      const theirs = await newMerchant(store);
      await store.merchantSettings.put({ merchantId: theirs, supportRefundLimit: { amount: 1, currency: 'BRL' }, requireTwoFactor: true, updatedAt: T0 }, null);
      expect(await store.merchantSettings.get(mine)).toEqual(defaultMerchantSettings(mine));
    });
  });
}
