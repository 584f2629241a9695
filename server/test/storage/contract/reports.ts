// The reports repository: an entity's payments by the merchant's reference and by time range (a
// stable page and the total), and the follow-ups of a page, never another entity's.

import { describe, expect, it } from 'vitest';
import { type ContractContext, followUp, HOUR, insertPayment, newEntity, T0 } from './fixtures.js';
import { writeFollowUp } from '../../../src/storage/writes/index.js';

export function reportsContract(ctx: () => ContractContext): void {
  describe('reports repository', () => {
    it("finds an entity's payments by reference, oldest first, never another entity's", async () => {
      const { store } = ctx();
      const mine = await newEntity(store);
      const theirs = await newEntity(store);
      const second = await insertPayment(store, mine, { merchantTransactionId: 'order-1', createdAt: T0 + 2 });
      const first = await insertPayment(store, mine, { merchantTransactionId: 'order-1', createdAt: T0 + 1 });
      await insertPayment(store, mine, { merchantTransactionId: 'order-2' });
      await insertPayment(store, theirs, { merchantTransactionId: 'order-1' });
      expect((await store.reports.paymentsByReference(mine, 'order-1')).map((p) => p.id)).toEqual([first.id, second.id]);
      expect(await store.reports.paymentsByReference(mine, 'order-3')).toEqual([]);
    });

    it('pages a time range in (created_at, id) order with the total, filtered by type and brand', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const payments = [];
      for (let i = 0; i < 5; i++) payments.push(await insertPayment(store, entityId, { createdAt: T0 + i, paymentType: i % 2 === 0 ? 'DB' : 'PA', paymentBrand: i === 4 ? 'MASTER' : 'VISA' }));
      await insertPayment(store, entityId, { createdAt: T0 + HOUR });
      const range = { entityId, from: T0, to: T0 + 4, offset: 0, limit: 2 };
      const page = await store.reports.paymentsInRange(range);
      expect(page.total).toBe(5);
      expect(page.payments.map((p) => p.id)).toEqual(payments.slice(0, 2).map((p) => p.id));
      expect((await store.reports.paymentsInRange({ ...range, offset: 4 })).payments.map((p) => p.id)).toEqual([payments[4]?.id]);
      expect((await store.reports.paymentsInRange({ ...range, limit: 10, paymentTypes: ['DB'] })).total).toBe(3);
      expect((await store.reports.paymentsInRange({ ...range, limit: 10, brands: ['MASTER'] })).payments.map((p) => p.id)).toEqual([payments[4]?.id]);
      expect((await store.reports.paymentsInRange({ ...range, limit: 10, brands: [] })).total).toBe(0);
    });

    it('reads the follow-ups of a page, oldest first, only of its entity', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const pa = await insertPayment(store, entityId, { paymentType: 'PA', amount: 1_000 });
      const other = await insertPayment(store, entityId);
      const capture = followUp(pa, 'CP', 400);
      expect(await writeFollowUp(store, capture)).toBe(true);
      expect((await store.reports.followUpsOf(entityId, [pa.id, other.id])).map((p) => p.id)).toEqual([capture.record.id]);
      expect(await store.reports.followUpsOf(await newEntity(store), [pa.id])).toEqual([]);
      expect(await store.reports.followUpsOf(entityId, [])).toEqual([]);
    });
  });
}
