// writeFollowUp, refunds of captures (L3): a refund may reference a CP as well as its PA. Refunds
// through any capture and of the PA itself never exceed what the PA captured, and a refund of a
// capture never exceeds the capture; one guarded UPDATE enforces both, also on stale snapshots and
// under contention.

import { describe, expect, it } from 'vitest';
import type { PaymentRecord, Store } from '../../../../src/storage/store.js';
import { writeFollowUp } from '../../../../src/storage/writes/index.js';
import { all, type ContractContext, count, followUp, insertPayment, newEntity } from '../fixtures.js';

async function fresh(store: Store, p: PaymentRecord): Promise<PaymentRecord> {
  const row = await store.payments.find(p.entityId, p.id);
  if (!row) throw new Error('payment vanished');
  return row;
}

/** A PA of `amount` with captures of `captures`; returns the PA and the capture records. */
async function captured(store: Store, amount: number, captures: number[]): Promise<{ pa: PaymentRecord; cps: PaymentRecord[] }> {
  const entityId = await newEntity(store);
  let pa = await insertPayment(store, entityId, { paymentType: 'PA', amount });
  const cps: PaymentRecord[] = [];
  for (const c of captures) {
    const w = followUp(pa, 'CP', c);
    expect(await writeFollowUp(store, w)).toBe(true);
    cps.push(w.record);
    pa = await fresh(store, pa);
  }
  return { pa, cps };
}

export function followUpCapturesContract(ctx: () => ContractContext): void {
  describe('writeFollowUp (refunds of captures, L3)', () => {
    it('bounds a refund of a capture by the capture, and all refunds by what the PA captured', async () => {
      const { store } = ctx();
      const { pa, cps } = await captured(store, 10_000, [6_000, 3_000]);
      const [c1, c2] = cps as [PaymentRecord, PaymentRecord];
      expect(await writeFollowUp(store, followUp(c1, 'RF', 5_000, undefined, pa))).toBe(true);
      const afterOne = await fresh(store, pa);
      expect(afterOne.refundedAmount).toBe(5_000);
      expect((await fresh(store, c1)).refundedAmount).toBe(5_000);
      // Planned on stale snapshots: the capture has 1_000 left, not 2_000.
      expect(await writeFollowUp(store, followUp(c1, 'RF', 2_000, undefined, pa))).toBe(false);
      // The PA itself: 9_000 captured, 5_000 refunded, so 4_000 left in all.
      expect(await writeFollowUp(store, followUp(afterOne, 'RF', 3_500))).toBe(true);
      // The second capture has 3_000 of its own but the PA only 500 left: refused, nothing written.
      expect(await writeFollowUp(store, followUp(c2, 'RF', 1_000, undefined, afterOne))).toBe(false);
      expect((await fresh(store, c2)).refundedAmount).toBe(0);
      expect(await writeFollowUp(store, followUp(c2, 'RF', 500, undefined, await fresh(store, pa)))).toBe(true);
      expect(await fresh(store, pa)).toMatchObject({ capturedAmount: 9_000, refundedAmount: 9_000 });
      expect((await fresh(store, c2)).refundedAmount).toBe(500);
    });

    it('refuses a refund of a capture after its PA was reversed, and a reversal after it', async () => {
      const { store } = ctx();
      const { pa, cps } = await captured(store, 10_000, [4_000]);
      const c1 = cps[0] as PaymentRecord;
      const refund = followUp(c1, 'RF', 1_000, undefined, pa);
      expect(await writeFollowUp(store, followUp(pa, 'RV', undefined))).toBe(true);
      expect(await writeFollowUp(store, refund)).toBe(false);
      expect((await fresh(store, c1)).refundedAmount).toBe(0);

      const other = await captured(store, 10_000, [4_000]);
      const reversal = followUp(other.pa, 'RV', undefined);
      expect(await writeFollowUp(store, followUp(other.cps[0] as PaymentRecord, 'RF', 1_000, undefined, other.pa))).toBe(true);
      expect(await writeFollowUp(store, reversal)).toBe(false);
    });

    it('refuses a parent that is not the capture\'s PA', async () => {
      const { store } = ctx();
      const { pa, cps } = await captured(store, 10_000, [4_000]);
      const c1 = cps[0] as PaymentRecord;
      const w = followUp(c1, 'RF', 1_000, undefined, pa);
      const debit = await insertPayment(store, pa.entityId, { paymentType: 'DB' });
      const parent = w.change.parent;
      if (!parent) throw new Error('a refund of a capture changes its PA');
      expect(await writeFollowUp(store, { ...w, change: { ...w.change, parent: { ...parent, id: debit.id } } })).toBe(false);
      expect((await fresh(store, c1)).refundedAmount).toBe(0);
      expect((await fresh(store, debit)).refundedAmount).toBe(0);
    });

    it('PA 100.00 captured as 50 + 50: of 12 parallel refunds of 10.00 through both captures and the PA, exactly 10 succeed', async () => {
      const { store, harness } = ctx();
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        const { pa, cps } = await captured(store, 10_000, [5_000, 5_000]);
        const [c1, c2] = cps as [PaymentRecord, PaymentRecord];
        const writes = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? followUp(pa, 'RF', 1_000) : followUp(i % 3 === 1 ? c1 : c2, 'RF', 1_000, undefined, pa)));
        const results = await all(writes.map((w, i) => () => writeFollowUp((i % 2 ? other : store), w)));
        expect(count(results)).toBe(10);
        expect((await fresh(store, pa)).refundedAmount).toBe(10_000);
        const through = (c: PaymentRecord) => writes.filter((w, i) => results[i] && w.referencedId === c.id).length * 1_000;
        expect((await fresh(store, c1)).refundedAmount).toBe(through(c1));
        expect((await fresh(store, c2)).refundedAmount).toBe(through(c2));
        expect(through(c1)).toBeLessThanOrEqual(5_000);
        expect(through(c2)).toBeLessThanOrEqual(5_000);
        const exist = await Promise.all(writes.map(async (w) => (await store.payments.find(w.entityId, w.record.id)) !== undefined));
        expect(exist).toEqual(results);
      } finally {
        if (other !== store) await other.close();
      }
    });
  });
}
