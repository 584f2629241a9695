// writeFollowUp, the ledger invariants enforced by the database (L2, L3): every write below is
// planned from a snapshot, as a route would, and the guarded UPDATE must hold under contention even
// when the snapshot is stale.

import { describe, expect, it } from 'vitest';
import type { FollowUpWrite, Store } from '../../../../src/storage/store.js';
import { writeFollowUp } from '../../../../src/storage/writes/index.js';
import { all, type ContractContext, count, CUTOFF, followUp, HOUR, id, insertPayment, newEntity, T0 } from '../fixtures.js';

async function total(store: Store, entityId: string, paymentId: string) {
  const row = await store.payments.find(entityId, paymentId);
  if (!row) throw new Error('referenced payment vanished');
  return row;
}

/** Whether each write's record exists: it must exist exactly when writeFollowUp said true. */
async function recordsExist(store: Store, writes: FollowUpWrite[]): Promise<boolean[]> {
  return Promise.all(writes.map(async (w) => (await store.payments.find(w.entityId, w.record.id)) !== undefined));
}

export function followUpLedgerContract(ctx: () => ContractContext): void {
  describe('writeFollowUp (L2 capture race)', () => {
    it('PA 100.00: of 20 parallel captures of 10.00 exactly 10 succeed', async () => {
      const { store, harness } = ctx();
      // Where a dialect allows it, a second store plays a second relay instance.
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        const entityId = await newEntity(store);
        const pa = await insertPayment(store, entityId, { paymentType: 'PA', amount: 10_000 });
        const writes = Array.from({ length: 20 }, () => followUp(pa, 'CP', 1_000));
        const results = await all(writes.map((w, i) => () => writeFollowUp((i % 2 ? other : store), w)));
        expect(count(results)).toBe(10);
        expect((await total(store, entityId, pa.id)).capturedAmount).toBe(10_000);
        expect(await recordsExist(store, writes)).toEqual(results);
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('captures racing a reversal never exceed 100.00 and nothing is captured after it', async () => {
      const { store } = ctx();
      for (let round = 0; round < 5; round++) {
        const entityId = await newEntity(store);
        const pa = await insertPayment(store, entityId, { paymentType: 'PA', amount: 10_000 });
        const captures = Array.from({ length: 12 }, () => followUp(pa, 'CP', 1_000));
        const reversal = followUp(pa, 'RV', undefined);
        const calls = captures.map((w) => () => writeFollowUp(store, w));
        calls.splice(round * 2, 0, () => writeFollowUp(store, reversal));
        const results = await all(calls);
        const reversed = results.splice(round * 2, 1)[0];
        // The reversal was planned with nothing captured: it applies only if no capture committed
        // first (capturedEquals), so the amount it releases is exact.
        const row = await total(store, entityId, pa.id);
        expect(row.reversed).toBe(reversed);
        if (!reversed) expect(row.capturedAmount).toBeGreaterThan(0);
        expect(row.capturedAmount).toBe(1_000 * count(results));
        expect(row.capturedAmount).toBeLessThanOrEqual(10_000);
        expect(await recordsExist(store, captures)).toEqual(results);
        // After the reversal committed, every capture is refused, stale snapshot or not.
        if (reversed) {
          const late = await all(Array.from({ length: 5 }, () => () => writeFollowUp(store, followUp(pa, 'CP', 1_000))));
          expect(count(late)).toBe(0);
          expect((await total(store, entityId, pa.id)).capturedAmount).toBe(row.capturedAmount);
        }
      }
    });
  });

  describe('writeFollowUp (reversal amount)', () => {
    it('refuses a reversal planned before a capture committed, and applies the re-planned one', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const pa = await insertPayment(store, entityId, { paymentType: 'PA', amount: 10_000 });
      const stale = followUp(pa, 'RV', undefined);
      expect(await writeFollowUp(store, followUp(pa, 'CP', 2_500))).toBe(true);
      expect(await writeFollowUp(store, stale)).toBe(false);
      const fresh = await total(store, entityId, pa.id);
      expect(fresh.reversed).toBe(false);
      expect(await writeFollowUp(store, followUp(fresh, 'RV', undefined))).toBe(true);
      expect((await total(store, entityId, pa.id)).reversed).toBe(true);
    });
  });

  describe('writeFollowUp (L3 refund race)', () => {
    it('DB 50.00: of two parallel refunds of 40.00 exactly one succeeds', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const db = await insertPayment(store, entityId, { paymentType: 'DB', amount: 5_000 });
      const writes = [followUp(db, 'RF', 4_000), followUp(db, 'RF', 4_000)];
      const results = await all(writes.map((w) => () => writeFollowUp(store, w)));
      expect(count(results)).toBe(1);
      expect((await total(store, entityId, db.id)).refundedAmount).toBe(4_000);
      expect(await recordsExist(store, writes)).toEqual(results);
    });

    it('a refund and a reversal in parallel never both succeed', async () => {
      const { store } = ctx();
      for (let round = 0; round < 10; round++) {
        const entityId = await newEntity(store);
        const db = await insertPayment(store, entityId, { paymentType: 'DB', amount: 5_000 });
        const refund = followUp(db, 'RF', 1_000);
        const reversal = followUp(db, 'RV', undefined);
        const order = round % 2 ? [refund, reversal] : [reversal, refund];
        const results = await all(order.map((w) => () => writeFollowUp(store, w)));
        expect(count(results)).toBe(1);
        const row = await total(store, entityId, db.id);
        const refunded = results[order.indexOf(refund)];
        expect(row).toMatchObject(refunded ? { refundedAmount: 1_000, reversed: false } : { refundedAmount: 0, reversed: true });
      }
    });
  });

  describe('writeFollowUp on stale snapshots', () => {
    it('bounds refunds of a PA by what was captured', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const pa = await insertPayment(store, entityId, { paymentType: 'PA', amount: 10_000 });
      expect(await writeFollowUp(store, followUp(pa, 'CP', 3_000))).toBe(true);
      const captured = await total(store, entityId, pa.id);
      const stale = followUp(captured, 'RF', 2_000);
      expect(await writeFollowUp(store, followUp(captured, 'RF', 3_000))).toBe(true);
      expect(await writeFollowUp(store, stale)).toBe(false);
      expect((await total(store, entityId, pa.id)).refundedAmount).toBe(3_000);
    });

    it('refuses a reversal after a refund, and anything after a reversal', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const db = await insertPayment(store, entityId, { paymentType: 'DB', amount: 5_000 });
      const reversal = followUp(db, 'RV', undefined);
      expect(await writeFollowUp(store, followUp(db, 'RF', 100))).toBe(true);
      expect(await writeFollowUp(store, reversal)).toBe(false);

      const other = await insertPayment(store, entityId, { paymentType: 'DB', amount: 5_000 });
      const refund = followUp(other, 'RF', 100);
      expect(await writeFollowUp(store, followUp(other, 'RV', undefined))).toBe(true);
      expect(await writeFollowUp(store, refund)).toBe(false);
      expect(await writeFollowUp(store, followUp(other, 'RV', undefined))).toBe(false);
    });

    it('refuses another entity, a pending or declined row, and the wrong payment type', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const intruder = await newEntity(store);
      const db = await insertPayment(store, entityId, { paymentType: 'DB' });
      const foreign = followUp({ ...db, entityId: intruder }, 'RF', 100);
      expect(await writeFollowUp(store, foreign)).toBe(false);

      for (const status of ['pending', 'declined'] as const) {
        const row = await insertPayment(store, entityId, { paymentType: 'DB', status });
        expect(await writeFollowUp(store, followUp({ ...row, status: 'success' }, 'RF', 100))).toBe(false);
      }
      // Planned as a capture of a PA, but the row is a debit.
      expect(await writeFollowUp(store, followUp({ ...db, paymentType: 'PA' }, 'CP', 100))).toBe(false);
      expect(await writeFollowUp(store, followUp({ ...db, id: id() }, 'RF', 100))).toBe(false);
      expect(await total(store, entityId, db.id)).toEqual(db);
    });

    it('refuses a reversal past its cut-off', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const db = await insertPayment(store, entityId, { paymentType: 'DB' });
      const planned = followUp(db, 'RV', undefined, T0 + CUTOFF);
      expect(await writeFollowUp(store, { ...planned, now: T0 + CUTOFF + 1 })).toBe(false);
      expect(await writeFollowUp(store, planned)).toBe(true);
    });

    it('writes nothing when the record cannot be inserted', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const db = await insertPayment(store, entityId, { paymentType: 'DB' });
      const w = followUp(db, 'RF', 100, T0 + HOUR);
      // The new record reuses an existing id: the insert fails, so the UPDATE must roll back.
      await expect(writeFollowUp(store, { ...w, record: { ...w.record, id: db.id } })).rejects.toThrow();
      expect(await total(store, entityId, db.id)).toEqual(db);
      expect(await writeFollowUp(store, w)).toBe(true);
    });

    it('rejects a non-positive amount as a caller bug', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const db = await insertPayment(store, entityId, { paymentType: 'DB' });
      const w = followUp(db, 'RF', 100);
      const add = w.change.add;
      if (!add) throw new Error('a refund adds to a total');
      await expect(writeFollowUp(store, { ...w, change: { ...w.change, add: { ...add, amount: -100 } } })).rejects.toThrow(RangeError);
      expect(await total(store, entityId, db.id)).toEqual(db);
    });
  });
}
