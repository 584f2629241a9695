// Pending payments by kind and age (expiry of abandoned challenges and redirects): oldest first,
// only the kind asked for, only still pending, and only one entity's when asked (a test clock).

import { describe, expect, it } from 'vitest';
import { insertPayment, newEntity, T0, type ContractContext } from './fixtures.js';

export function redirectsContract(ctx: () => ContractContext): void {
  describe('pending payments by kind and age', () => {
    it("finds one entity's redirect payments pending since before a time, oldest first", async () => {
      const { store } = ctx();
      const mine = await newEntity(store);
      const theirs = await newEntity(store);
      const pending = { status: 'pending' as const, resultCode: '000.200.000', pendingJson: '{}', pendingKind: 'redirect' as const };
      const second = await insertPayment(store, mine, { ...pending, createdAt: T0 + 2 });
      const first = await insertPayment(store, mine, { ...pending, createdAt: T0 + 1 });
      await insertPayment(store, mine, { ...pending, createdAt: T0 + 10 });
      await insertPayment(store, mine, { ...pending, pendingKind: 'three-d-secure', createdAt: T0 });
      await insertPayment(store, mine, { createdAt: T0 });
      const other = await insertPayment(store, theirs, { ...pending, createdAt: T0 });
      expect((await store.payments.pendingBefore('redirect', T0 + 10, 10, mine)).map((p) => p.id)).toEqual([first.id, second.id]);
      expect((await store.payments.pendingBefore('redirect', T0 + 10, 1, mine)).map((p) => p.id)).toEqual([first.id]);
      expect((await store.payments.pendingBefore('redirect', T0 + 10, 10, theirs)).map((p) => p.id)).toEqual([other.id]);
      const all = (await store.payments.pendingBefore('redirect', T0 + 10, 1000)).map((p) => p.id);
      expect(all).toEqual(expect.arrayContaining([first.id, second.id, other.id]));
    });
  });
}
