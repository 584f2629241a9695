// The schedules repository (storage/schedules.ts): schedules by entity and registration, an
// occurrence read with what its charge needs, reads asked together, and test clocks that only
// move forward.

import { describe, expect, it } from 'vitest';
import { occurrenceId } from '../../../src/schedules/fire.js';
import { writeRegistrationDeletion, writeSchedule } from '../../../src/storage/writes/index.js';
import { type ContractContext, id, newEntity } from './fixtures.js';
import { S0, MINUTE, schedule, fire, withSchedule } from './schedule-fixtures.js';

export function schedulesContract(ctx: () => ContractContext): void {
  describe('schedules repository', () => {
    it('finds a schedule by entity and id, and lists them by registration', async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      const other = schedule(entityId, registrationId, { createdAt: S0 });
      await writeSchedule(store, other);
      expect(await store.schedules.find(entityId, s.id)).toEqual(s);
      expect(await store.schedules.find(await newEntity(store), s.id)).toBeUndefined();
      expect((await store.schedules.list(entityId, registrationId)).map((x) => x.id)).toEqual([s.id, other.id]);
      expect(await store.schedules.list(entityId, id())).toEqual([]);
    });

    it("reads an occurrence with its schedule, the schedule's registration and the entity's test clock", async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      await fire(store, entityId, S0 + 500);
      const occurrence = occurrenceId(s.id, S0);
      const found = await store.schedules.findOccurrence(occurrence);
      expect(found?.schedule).toEqual({ ...s, nextRunAt: S0 + MINUTE, updatedAt: S0 + 500 });
      expect(found?.occurrence).toMatchObject({ id: occurrence, scheduleId: s.id, entityId, scheduledAt: S0, status: 'due' });
      expect(found?.registration?.id).toBe(registrationId);
      expect(found?.testClock).toBeUndefined();
      expect(await store.schedules.moveTestClock(entityId, S0 + 7 * MINUTE, S0)).toBe(true);
      expect((await store.schedules.findOccurrence(occurrence))?.testClock).toBe(S0 + 7 * MINUTE);
      // A registration deleted since: the occurrence is still found, with the registration marked deleted.
      expect(await writeRegistrationDeletion(store, entityId, registrationId, S0 + 1)).toBe(true);
      expect((await store.schedules.findOccurrence(occurrence))?.registration?.deletedAt).toBe(S0 + 1);
      expect(await store.schedules.findOccurrence(id())).toBeUndefined();
    });

    it("reads a registration with its entity's test clock, each absent when absent", async () => {
      const { store } = ctx();
      const { entityId, registrationId } = await withSchedule(store);
      const both = await store.registrations.findWithTestClock(entityId, registrationId);
      expect(both).toEqual({ registration: await store.registrations.find(entityId, registrationId), testClock: undefined });
      expect(await store.schedules.moveTestClock(entityId, S0 + MINUTE, S0)).toBe(true);
      expect((await store.registrations.findWithTestClock(entityId, registrationId)).testClock).toBe(S0 + MINUTE);
      // Another entity's registration is not found, whatever its id.
      expect(await store.registrations.findWithTestClock(await newEntity(store), registrationId)).toEqual({ registration: undefined, testClock: undefined });
    });

    it('answers reads asked at the same moment each with its own rows (they may go together)', async () => {
      const { store } = ctx();
      const made = await Promise.all(Array.from({ length: 12 }, () => withSchedule(store)));
      await Promise.all(made.map(({ entityId }, i) => (i % 2 === 0 ? store.schedules.moveTestClock(entityId, S0 + i * MINUTE, S0) : Promise.resolve(true))));
      const read = await Promise.all(made.map(({ entityId, registrationId }) => store.registrations.findWithTestClock(entityId, registrationId)));
      expect(read.map((r) => [r.registration?.entityId, r.testClock])).toEqual(made.map(({ entityId }, i) => [entityId, i % 2 === 0 ? S0 + i * MINUTE : undefined]));
    });

    it('moves a test clock forward only', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      expect(await store.schedules.findTestClock(entityId)).toBeUndefined();
      expect(await store.schedules.moveTestClock(entityId, S0, S0 - 5)).toBe(true);
      expect(await store.schedules.moveTestClock(entityId, S0, S0 - 4)).toBe(false);
      expect(await store.schedules.moveTestClock(entityId, S0 - 1, S0 - 3)).toBe(false);
      expect(await store.schedules.findTestClock(entityId)).toBe(S0);
      expect(await store.schedules.moveTestClock(entityId, S0 + MINUTE, S0 - 2)).toBe(true);
      expect(await store.schedules.findTestClock(entityId)).toBe(S0 + MINUTE);
    });
  });
}
