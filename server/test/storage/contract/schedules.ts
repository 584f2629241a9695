// Scheduled payments (storage/schedules.ts): schedules by entity and registration, firing that
// writes each run once (a stale plan writes nothing; two stores firing at once write each run
// once), cancelling (its due occurrences with it; a deleted registration's schedules too), the
// charge's guard in the payment's transaction, and test clocks that only move forward.
//
// Firing is always scoped to the test's own entity, and the charge jobs it queues are due far in
// the future, so no other contract test (jobs drain what is due) sees them.

import { describe, expect, it } from 'vitest';
import { jobRecord } from '../../../src/domain/job.js';
import { occurrenceId, planFiring } from '../../../src/schedules/fire.js';
import type { OccurrenceRecord, ScheduleRecord } from '../../../src/domain/schedules.js';
import type { Store } from '../../../src/storage/store.js';
import { all, id, newEntity, paymentRecord, registrationRecord, type ContractContext } from './fixtures.js';

/** Schedule tests run at their own moments. */
const S0 = Date.UTC(2031, 0, 1, 0, 0, 0);
const MINUTE = 60_000;
const JOBS_AT = 4_500_000_000_000;

function schedule(entityId: string, registrationId: string, over: Partial<ScheduleRecord> = {}): ScheduleRecord {
  return {
    id: id(),
    entityId,
    registrationId,
    paymentType: 'DB',
    amount: 1_999,
    currency: 'EUR',
    // Every minute, on the minute.
    expression: '0 * * * * ? *',
    timeZone: 'UTC',
    startAt: null,
    endAt: null,
    paymentParams: '[]',
    responseJson: '{"id":"s"}',
    status: 'active',
    nextRunAt: S0,
    createdAt: S0 - MINUTE,
    updatedAt: S0 - MINUTE,
    ...over,
  };
}

const jobsOf = ({ due }: { due: readonly OccurrenceRecord[] }) => due.map((o) => jobRecord({ kind: 'schedule-charge-test', payload: { occurrenceId: o.id }, runAt: JOBS_AT, uniqueKey: `schedule-charge-test:${o.id}` }, S0, 5));

function fire(store: Store, entityId: string, now: number, limit = 200) {
  return store.fireDueSchedules(now, limit, (s) => planFiring(s, now), jobsOf, entityId);
}

async function withSchedule(store: Store, over: Partial<ScheduleRecord> = {}): Promise<{ entityId: string; registrationId: string; s: ScheduleRecord }> {
  const entityId = await newEntity(store);
  const registration = registrationRecord(entityId);
  await store.insertRegistration(registration);
  const s = schedule(entityId, registration.id, over);
  await store.insertSchedule(s);
  return { entityId, registrationId: registration.id, s };
}

export function schedulesContract(ctx: () => ContractContext): void {
  describe('scheduled payments', () => {
    it('finds a schedule by entity and id, and lists them by registration', async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      const other = schedule(entityId, registrationId, { createdAt: S0 });
      await store.insertSchedule(other);
      expect(await store.findSchedule(entityId, s.id)).toEqual(s);
      expect(await store.findSchedule(await newEntity(store), s.id)).toBeUndefined();
      expect((await store.listSchedules(entityId, registrationId)).map((x) => x.id)).toEqual([s.id, other.id]);
      expect(await store.listSchedules(entityId, id())).toEqual([]);
    });

    it('fires a due schedule once: one occurrence, next_run_at advanced, one charge job', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store);
      expect((await fire(store, entityId, S0 - 1)).found).toBe(0);
      const fired = await fire(store, entityId, S0 + 500);
      expect(fired.found).toBe(1);
      expect(fired.due.map((o) => [o.id, o.scheduledAt, o.status])).toEqual([[occurrenceId(s.id, S0), S0, 'due']]);
      expect((await store.findSchedule(entityId, s.id))?.nextRunAt).toBe(S0 + MINUTE);
      expect(await store.findJobByKey(`schedule-charge-test:${occurrenceId(s.id, S0)}`)).toBeDefined();
      // Fired already: nothing is due until the next minute.
      expect((await fire(store, entityId, S0 + 900)).found).toBe(0);
      expect((await store.scheduleOccurrences(s.id, 10)).map((o) => o.scheduledAt)).toEqual([S0]);
      const found = await store.findOccurrence(occurrenceId(s.id, S0));
      expect(found?.schedule.id).toBe(s.id);
      expect(found?.occurrence.status).toBe('due');
    });

    it("reads an occurrence with its schedule, the schedule's registration and the entity's test clock", async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      await fire(store, entityId, S0 + 500);
      const occurrence = occurrenceId(s.id, S0);
      const found = await store.findOccurrence(occurrence);
      expect(found?.schedule).toEqual({ ...s, nextRunAt: S0 + MINUTE, updatedAt: S0 + 500 });
      expect(found?.occurrence).toMatchObject({ id: occurrence, scheduleId: s.id, entityId, scheduledAt: S0, status: 'due' });
      expect(found?.registration?.id).toBe(registrationId);
      expect(found?.testClock).toBeUndefined();
      expect(await store.moveTestClock(entityId, S0 + 7 * MINUTE, S0)).toBe(true);
      expect((await store.findOccurrence(occurrence))?.testClock).toBe(S0 + 7 * MINUTE);
      // A registration deleted since: the occurrence is still found, with the registration marked deleted.
      expect(await store.deleteRegistration(entityId, registrationId, S0 + 1)).toBe(true);
      expect((await store.findOccurrence(occurrence))?.registration?.deletedAt).toBe(S0 + 1);
      expect(await store.findOccurrence(id())).toBeUndefined();
    });

    it("reads a registration with its entity's test clock, each absent when absent", async () => {
      const { store } = ctx();
      const { entityId, registrationId } = await withSchedule(store);
      const both = await store.findRegistrationAndTestClock(entityId, registrationId);
      expect(both).toEqual({ registration: await store.findRegistration(entityId, registrationId), testClock: undefined });
      expect(await store.moveTestClock(entityId, S0 + MINUTE, S0)).toBe(true);
      expect((await store.findRegistrationAndTestClock(entityId, registrationId)).testClock).toBe(S0 + MINUTE);
      // Another entity's registration is not found, whatever its id.
      expect(await store.findRegistrationAndTestClock(await newEntity(store), registrationId)).toEqual({ registration: undefined, testClock: undefined });
    });

    it('answers reads asked at the same moment each with its own rows (they may go together)', async () => {
      const { store } = ctx();
      const made = await Promise.all(Array.from({ length: 12 }, () => withSchedule(store)));
      await Promise.all(made.map(({ entityId }, i) => (i % 2 === 0 ? store.moveTestClock(entityId, S0 + i * MINUTE, S0) : Promise.resolve(true))));
      const read = await Promise.all(made.map(({ entityId, registrationId }) => store.findRegistrationAndTestClock(entityId, registrationId)));
      expect(read.map((r) => [r.registration?.entityId, r.testClock])).toEqual(made.map(({ entityId }, i) => [entityId, i % 2 === 0 ? S0 + i * MINUTE : undefined]));
    });

    it('after missed runs fires the latest once and records the older ones as skipped', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store);
      const fired = await fire(store, entityId, S0 + 3 * MINUTE + 10);
      expect(fired.due.map((o) => o.scheduledAt)).toEqual([S0 + 3 * MINUTE]);
      expect((await store.scheduleOccurrences(s.id, 10)).map((o) => [o.scheduledAt, o.status])).toEqual([
        [S0, 'skipped'],
        [S0 + MINUTE, 'skipped'],
        [S0 + 2 * MINUTE, 'skipped'],
        [S0 + 3 * MINUTE, 'due'],
      ]);
      expect((await store.findSchedule(entityId, s.id))?.nextRunAt).toBe(S0 + 4 * MINUTE);
    });

    it('ends a schedule whose job has no later run', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store, { endAt: S0 + 30_000 });
      await fire(store, entityId, S0);
      const after = await store.findSchedule(entityId, s.id);
      expect([after?.status, after?.nextRunAt]).toEqual(['ended', null]);
      expect((await fire(store, entityId, S0 + 10 * MINUTE)).found).toBe(0);
    });

    it('writes nothing for a plan made from a next_run_at that has moved on', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store);
      const now = S0 + 1;
      const stale = await store.fireDueSchedules(now, 10, (x) => ({ ...planFiring(x, now), from: S0 - MINUTE }), jobsOf, entityId);
      expect(stale).toEqual({ found: 1, due: [] });
      expect(await store.scheduleOccurrences(s.id, 10)).toEqual([]);
      expect((await store.findSchedule(entityId, s.id))?.nextRunAt).toBe(S0);
    });

    it('cancels once: due occurrences with it, and nothing fires afterwards', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store);
      await fire(store, entityId, S0);
      expect(await store.cancelSchedule(entityId, s.id, S0 + 1)).toBe('cancelled');
      expect(await store.cancelSchedule(entityId, s.id, S0 + 2)).toBe('already');
      expect(await store.cancelSchedule(entityId, id(), S0 + 2)).toBe('missing');
      expect(await store.cancelSchedule(await newEntity(store), s.id, S0 + 2)).toBe('missing');
      expect((await store.scheduleOccurrences(s.id, 10)).map((o) => o.status)).toEqual(['cancelled']);
      expect((await fire(store, entityId, S0 + 10 * MINUTE)).found).toBe(0);
      const after = await store.findSchedule(entityId, s.id);
      expect([after?.status, after?.nextRunAt]).toEqual(['cancelled', null]);
    });

    it('cancels the schedules of a deleted registration', async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      await fire(store, entityId, S0);
      expect(await store.deleteRegistration(entityId, registrationId, S0 + 5)).toBe(true);
      expect((await store.findSchedule(entityId, s.id))?.status).toBe('cancelled');
      expect((await store.scheduleOccurrences(s.id, 10)).map((o) => o.status)).toEqual(['cancelled']);
    });

    it('writes a charge only while its occurrence is due: once, and never after a cancel', async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      await fire(store, entityId, S0);
      const occurrence = occurrenceId(s.id, S0);
      const pay = (paymentId = id()) => store.insertPayment(paymentRecord(entityId, { id: paymentId, registrationId }), { occurrence: { id: occurrence, status: 'succeeded', paymentId, resultCode: '000.100.110', now: S0 + 10 } });
      const first = id();
      expect(await pay(first)).toBe(true);
      const second = id();
      expect(await pay(second)).toBe(false);
      expect(await store.findPayment(entityId, second)).toBeUndefined();
      expect((await store.findOccurrence(occurrence))?.occurrence).toMatchObject({ status: 'succeeded', paymentId: first, resultCode: '000.100.110' });
      expect(await store.failOccurrence(occurrence, '100.150.202', S0 + 11)).toBe(false);

      await fire(store, entityId, S0 + MINUTE);
      const next = occurrenceId(s.id, S0 + MINUTE);
      await store.cancelSchedule(entityId, s.id, S0 + MINUTE + 1);
      const late = id();
      expect(await store.insertPayment(paymentRecord(entityId, { id: late }), { occurrence: { id: next, status: 'succeeded', paymentId: late, resultCode: '000.100.110', now: S0 + MINUTE + 2 } })).toBe(false);
      expect(await store.findPayment(entityId, late)).toBeUndefined();
    });

    it('two stores firing the same due schedules at once write each run once', async () => {
      const { store, harness } = ctx();
      const entityId = await newEntity(store);
      const registration = registrationRecord(entityId);
      await store.insertRegistration(registration);
      const schedules = Array.from({ length: 60 }, () => schedule(entityId, registration.id));
      for (const s of schedules) await store.insertSchedule(s);
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

    it('a cancel racing a charge: the charge is written and its occurrence kept, or neither', async () => {
      const { store, harness } = ctx();
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        for (let round = 0; round < 10; round++) {
          const { entityId, registrationId, s } = await withSchedule(store);
          await fire(store, entityId, S0);
          const occurrence = occurrenceId(s.id, S0);
          const paymentId = id();
          const [charged, cancelled] = await all<unknown>([
            () => other.insertPayment(paymentRecord(entityId, { id: paymentId, registrationId }), { occurrence: { id: occurrence, status: 'succeeded', paymentId, resultCode: '000.100.110', now: S0 + 1 } }),
            () => store.cancelSchedule(entityId, s.id, S0 + 1),
          ]);
          expect(cancelled).toBe('cancelled');
          const after = (await store.findOccurrence(occurrence))?.occurrence;
          const payment = await store.findPayment(entityId, paymentId);
          if (charged === true) expect([after?.status, after?.paymentId, payment?.id]).toEqual(['succeeded', paymentId, paymentId]);
          else expect([after?.status, payment]).toEqual(['cancelled', undefined]);
        }
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('moves a test clock forward only', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      expect(await store.findTestClock(entityId)).toBeUndefined();
      expect(await store.moveTestClock(entityId, S0, S0 - 5)).toBe(true);
      expect(await store.moveTestClock(entityId, S0, S0 - 4)).toBe(false);
      expect(await store.moveTestClock(entityId, S0 - 1, S0 - 3)).toBe(false);
      expect(await store.findTestClock(entityId)).toBe(S0);
      expect(await store.moveTestClock(entityId, S0 + MINUTE, S0 - 2)).toBe(true);
      expect(await store.findTestClock(entityId)).toBe(S0 + MINUTE);
    });
  });
}
