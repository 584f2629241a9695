// The store itself, whatever its repositories: a round trip (ping) and the migrations still to
// apply (what readiness asks), durability across a close, and store.transaction(): the
// repositories bound to one transaction commit together, or nothing does.

import { describe, expect, it } from 'vitest';
import { jobRecord, type JobRecord, type NewJob } from '../../../src/domain/job.js';
import { type ContractContext, id, insertPayment, newEntity, paymentRecord } from './fixtures.js';

/** Jobs tests run at their own moments, long after every other contract test's T0. */
const J0 = 1_800_000_000_000;

const FAR_FUTURE = 4_000_000_000_000;
const job = (over: Partial<NewJob> = {}, now = J0): JobRecord => jobRecord({ kind: 'test', payload: { n: id() }, runAt: now, ...over }, now, 5);

export function storeContract(ctx: () => ContractContext): void {
  describe('store', () => {
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

    it('keeps what was written after the store is closed and opened again', async () => {
      const { harness } = ctx();
      const first = await harness.open();
      const entityId = await newEntity(first);
      const p = await insertPayment(first, entityId);
      await first.close();
      const again = await harness.open();
      try {
        await again.migrate(); // a second migrate is a no-op
        expect(await again.payments.find(entityId, p.id)).toEqual(p);
      } finally {
        await again.close();
      }
    });

    it('commits a state change and its jobs together, and neither when the transaction throws', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const kept = paymentRecord(entityId);
      const keptJob = job({ runAt: FAR_FUTURE });
      await store.transaction(async (tx) => {
        await tx.payments.insert(kept);
        await tx.jobs.enqueue([keptJob]);
      });
      expect(await store.payments.find(entityId, kept.id)).toEqual(kept);
      expect((await store.jobs.find(keptJob.id))?.state).toBe('queued');

      const dropped = paymentRecord(entityId);
      const droppedJob = job({ runAt: FAR_FUTURE });
      await expect(
        store.transaction(async (tx) => {
          await tx.payments.insert(dropped);
          await tx.jobs.enqueue([droppedJob]);
          expect(await tx.payments.find(entityId, dropped.id)).toEqual(dropped);
          throw new Error('the flow failed after writing');
        }),
      ).rejects.toThrow('the flow failed after writing');
      expect(await store.payments.find(entityId, dropped.id)).toBeUndefined();
      expect(await store.jobs.find(droppedJob.id)).toBeUndefined();
    });
  });
}
