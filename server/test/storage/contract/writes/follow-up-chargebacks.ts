// writeFollowUp, chargebacks (issue 14 R): a CB adds to the payment's open chargebacks, counted
// with its refunds against the payment in the one guarded UPDATE, so chargebacks racing refunds on
// one payment, from two stores where the dialect allows, never take more than the payment; refunds
// and reversals refuse a charged-back row even on stale snapshots; a CR releases its CB's amount
// and ends the CB once, whatever races it.

import { describe, expect, it } from 'vitest';
import { planChargebackReversal } from '../../../../src/domain/lifecycle.js';
import type { FollowUpWrite, PaymentRecord, Store } from '../../../../src/storage/store.js';
import { writeFollowUp } from '../../../../src/storage/writes/index.js';
import { all, type ContractContext, count, followUp, HOUR, insertPayment, newEntity, paymentRecord, T0 } from '../fixtures.js';

async function fresh(store: Store, p: PaymentRecord): Promise<PaymentRecord> {
  const row = await store.payments.find(p.entityId, p.id);
  if (!row) throw new Error('payment vanished');
  return row;
}

function reversalOf(payment: PaymentRecord, chargeback: PaymentRecord): FollowUpWrite {
  const plan = planChargebackReversal(payment, chargeback);
  if (!plan.ok) throw new Error(`test setup: CR refused (${plan.resultCode})`);
  const now = T0 + 2 * HOUR;
  return { referencedId: payment.id, entityId: payment.entityId, change: plan.change, record: paymentRecord(payment.entityId, { paymentType: 'CR', amount: plan.amount, referencedId: payment.id, createdAt: now, updatedAt: now }), now };
}

export function followUpChargebacksContract(ctx: () => ContractContext): void {
  describe('writeFollowUp (chargebacks)', () => {
    it('DB 100.00: of chargebacks and refunds of 30.00 racing, refunds plus open chargebacks stay within it, and no refund follows a chargeback', async () => {
      const { store, harness } = ctx();
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        for (let round = 0; round < 3; round++) {
          const entityId = await newEntity(store);
          const db = await insertPayment(store, entityId, { paymentType: 'DB', amount: 10_000 });
          const writes = Array.from({ length: 8 }, (_, i) => followUp(db, i % 2 === round % 2 ? 'CB' : 'RF', 3_000));
          const results = await all(writes.map((w, i) => () => writeFollowUp((i % 2 ? other : store), w)));
          const row = await fresh(store, db);
          const applied = writes.filter((_, i) => results[i]);
          const refunds = applied.filter((w) => w.record.paymentType === 'RF').length;
          const chargebacks = applied.filter((w) => w.record.paymentType === 'CB').length;
          expect(row.refundedAmount).toBe(3_000 * refunds);
          expect(row.chargebackAmount ?? 0).toBe(3_000 * chargebacks);
          expect(row.refundedAmount + (row.chargebackAmount ?? 0)).toBeLessThanOrEqual(10_000);
          expect(count(results)).toBe(refunds + chargebacks);
          // Every refund planned before the chargeback (a stale snapshot) is refused now.
          if (chargebacks > 0) expect(await writeFollowUp(store, followUp(db, 'RF', 1))).toBe(false);
        }
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('refuses a reversal planned before a chargeback committed', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const db = await insertPayment(store, entityId, { paymentType: 'DB', amount: 10_000 });
      const staleReversal = followUp(db, 'RV', undefined);
      expect(await writeFollowUp(store, followUp(db, 'CB', 100))).toBe(true);
      expect(await writeFollowUp(store, staleReversal)).toBe(false);
      expect((await fresh(store, db)).reversed).toBe(false);
    });

    it('reverses a chargeback once: of parallel reversals of one CB exactly one applies and releases its amount', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const db = await insertPayment(store, entityId, { paymentType: 'DB', amount: 10_000 });
      const cb = followUp(db, 'CB', 4_000);
      expect(await writeFollowUp(store, cb)).toBe(true);
      const charged = await fresh(store, db);
      const cbRow = await fresh(store, cb.record);
      const reversals = Array.from({ length: 6 }, () => reversalOf(charged, cbRow));
      const results = await all(reversals.map((w) => () => writeFollowUp(store, w)));
      expect(count(results)).toBe(1);
      expect((await fresh(store, db)).chargebackAmount ?? 0).toBe(0);
      expect((await fresh(store, cb.record)).reversed).toBe(true);
      // Refunds are possible again.
      expect(await writeFollowUp(store, followUp(await fresh(store, db), 'RF', 10_000))).toBe(true);
    });
  });
}
