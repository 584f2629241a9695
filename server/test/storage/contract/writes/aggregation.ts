// writeAggregation: a settled day is written once, its aggregation, records and payments' marks
// together, and nothing when the day is settled already or a payment was settled meanwhile.

import { describe, expect, it } from 'vitest';
import { writeAggregation } from '../../../../src/storage/writes/index.js';
import { type ContractContext, HOUR, insertPayment, newEntity, T0 } from '../fixtures.js';
import { aggregation, record, TYPES } from '../settlement.js';

export function writeAggregationContract(ctx: () => ContractContext): void {
  describe('writeAggregation', () => {
    it('writes a day once: the aggregation, its records and its payments settled together, and nothing the second time', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const a = await insertPayment(store, entityId);
      const b = await insertPayment(store, entityId, { createdAt: T0 + 1 });
      const day = aggregation(entityId);
      expect(await writeAggregation(store, day, [record(day, 1, a.id), record(day, 2, b.id)], [a.id, b.id])).toBe(true);
      expect(await store.settlement.candidates(entityId, T0, T0 + 24 * HOUR, TYPES)).toEqual([]);
      expect((await store.payments.find(entityId, a.id))?.settlement).toEqual({ status: 'SUCCESS', date: '2023-11-16', aggregationId: day.id });
      const again = aggregation(entityId);
      expect(await writeAggregation(store, again, [record(again, 1, a.id)], [a.id])).toBe(false);
      expect(await store.settlement.findAggregation(entityId, again.id)).toBeUndefined();
      // A payment settled meanwhile: the other currency's aggregation writes nothing at all.
      const usd = aggregation(entityId, { currency: 'USD' });
      expect(await writeAggregation(store, usd, [record(usd, 1, b.id)], [b.id])).toBe(false);
      expect(await store.settlement.findAggregation(entityId, usd.id)).toBeUndefined();
    });
  });
}
