// The payments repository: every field round-trips, entity scoping (A1), unique ids, and pending
// payments by kind and age (expiry of abandoned challenges and redirects; one entity's for a test
// clock).

import { describe, expect, it } from 'vitest';
import { writePayment } from '../../../src/storage/writes/index.js';
import { type ContractContext, id, insertPayment, newEntity, paymentRecord, T0 } from './fixtures.js';

export function paymentsContract(ctx: () => ContractContext): void {
  describe('payments repository', () => {
    it('round-trips every field, with amounts beyond 32 bits', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = paymentRecord(entityId, {
        paymentType: 'PA',
        paymentBrand: null,
        amount: 999_999_999_999, // 9,999,999,999.99: ten integer digits
        capturedAmount: 5,
        refundedAmount: 3,
        reversed: true,
        status: 'pending',
        referencedId: id(),
        registrationId: id(),
        checkoutId: id(),
        pendingJson: '{"testMode":"INTERNAL"}',
        updatedAt: T0 + 7,
      });
      await writePayment(store, p);
      expect(await store.payments.find(entityId, p.id)).toEqual(p);
      expect(await store.payments.findById(p.id)).toEqual(p);
    });

    it("never returns another entity's payment (A1)", async () => {
      const { store } = ctx();
      const a = await newEntity(store);
      const b = await newEntity(store);
      const p = await insertPayment(store, a);
      expect(await store.payments.find(b, p.id)).toBeUndefined();
      expect(await store.payments.find(a, id())).toBeUndefined();
    });

    it('refuses a duplicate payment id', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = await insertPayment(store, entityId);
      await expect(writePayment(store, { ...p })).rejects.toThrow();
    });

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
