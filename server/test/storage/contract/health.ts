// What readiness asks of a store: a round trip (ping) and the migrations still to apply.

import { describe, expect, it } from 'vitest';
import type { ContractContext } from './fixtures.js';

export function healthContract(ctx: () => ContractContext): void {
  describe('health', () => {
    it('pings an open store and finds no pending migration once migrated', async () => {
      const { store } = ctx();
      await expect(store.ping()).resolves.toBeUndefined();
      expect(await store.pendingMigrations()).toEqual([]);
    });

    it('rejects a ping once the store is closed', async () => {
      const other = await ctx().harness.open();
      await other.ping();
      await other.close();
      await expect(other.ping()).rejects.toThrow();
    });
  });
}
