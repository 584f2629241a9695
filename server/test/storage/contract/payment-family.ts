// A payment's family as the back office reads it (payments repository): the payment, the records
// referencing it and theirs, in one query, oldest first, scoped by entity; and a payment found
// among several entities (a person limited to some of a merchant's channels).

import { describe, expect, it } from 'vitest';
import { writeFollowUp } from '../../../src/storage/writes/index.js';
import { type ContractContext, followUp, HOUR, id, insertPayment, newEntity, T0 } from './fixtures.js';

export function paymentFamilyContract(ctx: () => ContractContext): void {
  describe('payments repository (family)', () => {
    it("reads a PA, its capture, the capture's refund and its own refund in one list, oldest first, and nothing of another family", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const pa = await insertPayment(store, entityId, { paymentType: 'PA', amount: 10_000 });
      const stranger = await insertPayment(store, entityId, { paymentType: 'PA', amount: 10_000 });
      const capture = followUp(pa, 'CP', 6_000, T0 + HOUR);
      expect(await writeFollowUp(store, capture)).toBe(true);
      const paNow = await store.payments.find(entityId, pa.id);
      if (!paNow) throw new Error('the PA');
      const refund = followUp(capture.record, 'RF', 2_000, T0 + 2 * HOUR, paNow);
      expect(await writeFollowUp(store, refund)).toBe(true);
      const paRefund = followUp((await store.payments.find(entityId, pa.id)) ?? paNow, 'RF', 1_000, T0 + 3 * HOUR);
      expect(await writeFollowUp(store, paRefund)).toBe(true);
      expect(await writeFollowUp(store, followUp(stranger, 'CP', 1_000, T0 + HOUR))).toBe(true);

      const family = await store.payments.family(entityId, pa.id);
      expect(family.map((r) => r.id)).toEqual([pa.id, capture.record.id, refund.record.id, paRefund.record.id]);
      expect(family[0]).toMatchObject({ capturedAmount: 6_000, refundedAmount: 3_000 });
      // A capture's own family: the capture and its refund, not its PA.
      expect((await store.payments.family(entityId, capture.record.id)).map((r) => r.id)).toEqual([capture.record.id, refund.record.id]);
    });

    it('puts a record after the one it references when they were written in the same millisecond', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      // Ids chosen so that the id order is the reverse of the family's.
      const pa = await insertPayment(store, entityId, { id: `z${id().slice(1)}`, paymentType: 'PA', amount: 10_000 });
      const capture = followUp(pa, 'CP', 5_000, T0);
      capture.record = { ...capture.record, id: `m${id().slice(1)}` };
      expect(await writeFollowUp(store, capture)).toBe(true);
      const paNow = (await store.payments.find(entityId, pa.id)) ?? pa;
      const refund = followUp(capture.record, 'RF', 1_000, T0, paNow);
      refund.record = { ...refund.record, id: `a${id().slice(1)}` };
      expect(await writeFollowUp(store, refund)).toBe(true);
      expect((await store.payments.family(entityId, pa.id)).map((r) => r.id)).toEqual([pa.id, capture.record.id, refund.record.id]);
    });

    it("gives no family of another entity's payment, nor of an unknown id", async () => {
      const { store } = ctx();
      const mine = await newEntity(store);
      const theirs = await newEntity(store);
      const pa = await insertPayment(store, theirs, { paymentType: 'PA' });
      expect(await writeFollowUp(store, followUp(pa, 'CP', 1_000))).toBe(true);
      expect(await store.payments.family(mine, pa.id)).toEqual([]);
      expect(await store.payments.family(theirs, id())).toEqual([]);
    });

    it('finds a payment among several entities, never one of an entity not named', async () => {
      const { store } = ctx();
      const a = await newEntity(store);
      const b = await newEntity(store);
      const c = await newEntity(store);
      const inB = await insertPayment(store, b);
      const inC = await insertPayment(store, c);
      expect(await store.payments.findAmong([a, b], inB.id)).toEqual(inB);
      expect(await store.payments.findAmong([a, b], inC.id)).toBeUndefined();
      expect(await store.payments.findAmong([], inB.id)).toBeUndefined();
    });
  });
}
