// writeDueFirings: firing writes each run once (one occurrence, next_run_at advanced, one charge
// job), records missed runs as skipped, ends a schedule without a later run, writes nothing for a
// stale plan, and two stores firing at once write each run once.
//
// Firing is always scoped to the test's own entity, and the charge jobs it queues are due far in
// the future, so no other contract test (jobs drain what is due) sees them.

import { describe, expect, it } from 'vitest';
import { occurrenceId, planFiring } from '../../../../src/schedules/fire.js';
import { writeDueFirings, writeRegistration, writeSchedule } from '../../../../src/storage/writes/index.js';
import { all, type ContractContext, newEntity, registrationRecord } from '../fixtures.js';
import { S0, MINUTE, schedule, jobsOf, fire, withSchedule } from '../schedule-fixtures.js';

export function writeDueFiringsContract(ctx: () => ContractContext): void {
  describe('writeDueFirings', () => {
    it('fires a due schedule once: one occurrence, next_run_at advanced, one charge job', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store);
      expect((await fire(store, entityId, S0 - 1)).found).toBe(0);
      const fired = await fire(store, entityId, S0 + 500);
      expect(fired.found).toBe(1);
      expect(fired.due.map((o) => [o.id, o.scheduledAt, o.status])).toEqual([[occurrenceId(s.id, S0), S0, 'due']]);
      expect((await store.schedules.find(entityId, s.id))?.nextRunAt).toBe(S0 + MINUTE);
      expect(await store.jobs.findByKey(`schedule-charge-test:${occurrenceId(s.id, S0)}`)).toBeDefined();
      // Fired already: nothing is due until the next minute.
      expect((await fire(store, entityId, S0 + 900)).found).toBe(0);
      expect((await store.schedules.occurrences(s.id, 10)).map((o) => o.scheduledAt)).toEqual([S0]);
      const found = await store.schedules.findOccurrence(occurrenceId(s.id, S0));
      expect(found?.schedule.id).toBe(s.id);
      expect(found?.occurrence.status).toBe('due');
    });

    it('after missed runs fires the latest once and records the older ones as skipped', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store);
      const fired = await fire(store, entityId, S0 + 3 * MINUTE + 10);
      expect(fired.due.map((o) => o.scheduledAt)).toEqual([S0 + 3 * MINUTE]);
      expect((await store.schedules.occurrences(s.id, 10)).map((o) => [o.scheduledAt, o.status])).toEqual([
        [S0, 'skipped'],
        [S0 + MINUTE, 'skipped'],
        [S0 + 2 * MINUTE, 'skipped'],
        [S0 + 3 * MINUTE, 'due'],
      ]);
      expect((await store.schedules.find(entityId, s.id))?.nextRunAt).toBe(S0 + 4 * MINUTE);
    });

    it('ends a schedule whose job has no later run', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store, { endAt: S0 + 30_000 });
      await fire(store, entityId, S0);
      const after = await store.schedules.find(entityId, s.id);
      expect([after?.status, after?.nextRunAt]).toEqual(['ended', null]);
      expect((await fire(store, entityId, S0 + 10 * MINUTE)).found).toBe(0);
    });

    it('writes nothing for a plan made from a next_run_at that has moved on', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store);
      const now = S0 + 1;
      const stale = await writeDueFirings(store, now, 10, (x) => ({ ...planFiring(x, now), from: S0 - MINUTE }), jobsOf, entityId);
      expect(stale).toEqual({ found: 1, due: [] });
      expect(await store.schedules.occurrences(s.id, 10)).toEqual([]);
      expect((await store.schedules.find(entityId, s.id))?.nextRunAt).toBe(S0);
    });

    it('two stores firing the same due schedules at once write each run once', async () => {
      const { store, harness } = ctx();
      const entityId = await newEntity(store);
      const registration = registrationRecord(entityId);
      await writeRegistration(store, registration);
      const schedules = Array.from({ length: 60 }, () => schedule(entityId, registration.id));
      for (const s of schedules) await writeSchedule(store, s);
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        const results = await all([() => fire(store, entityId, S0, 20), () => fire(other, entityId, S0, 20), () => fire(store, entityId, S0, 20), () => fire(other, entityId, S0, 20)]);
        const due = results.flatMap((r) => r.due);
        expect(due.length).toBe(60);
        expect(new Set(due.map((o) => o.scheduleId)).size).toBe(60);
        // Whatever the interleaving, a second round finds nothing more.
        expect((await fire(store, entityId, S0)).found).toBe(0);
      } finally {
        if (other !== store) await other.close();
      }
    });
  });
}
