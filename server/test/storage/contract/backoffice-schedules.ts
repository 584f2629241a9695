// What the back office's Stored cards and Schedules pages read and write: the cards and schedules
// of a set of channels, newest first in keyset pages, nothing of another channel; the active
// schedules counted per card; and the deletion's and the cancel's audit row written in their
// transaction only when they change something.

import { describe, expect, it } from 'vitest';
import { writeRegistration, writeRegistrationDeletion, writeSchedule, writeScheduleCancel } from '../../../src/storage/writes/index.js';
import { type ContractContext, newEntity, registrationRecord } from './fixtures.js';
import { auditEntry, newMerchant } from './people-fixtures.js';
import { schedule, withSchedule } from './schedule-fixtures.js';

const byIdDesc = (ids: string[]) => [...ids].sort().reverse();

export function backofficeSchedulesContract(ctx: () => ContractContext): void {
  describe('stored cards and schedules of the back office', () => {
    it('lists the cards of the channels asked, not deleted, newest first, in pages', async () => {
      const { store } = ctx();
      const [a, b, c] = [await newEntity(store), await newEntity(store), await newEntity(store)];
      const cards = [registrationRecord(a), registrationRecord(a), registrationRecord(b), registrationRecord(c)];
      for (const r of cards) await writeRegistration(store, r);
      const gone = registrationRecord(a);
      await writeRegistration(store, gone);
      await writeRegistrationDeletion(store, a, gone.id, gone.createdAt + 1);
      const expected = byIdDesc(cards.slice(0, 3).map((r) => r.id));
      expect((await store.registrations.listAmong([a, b], undefined, 10)).map((r) => r.id)).toEqual(expected);
      const first = await store.registrations.listAmong([a, b], undefined, 2);
      const rest = await store.registrations.listAmong([a, b], first.at(-1)!.id, 2);
      expect([...first, ...rest].map((r) => r.id)).toEqual(expected);
      expect(await store.registrations.listAmong([], undefined, 10)).toEqual([]);
      expect(await store.registrations.findAmong([b], cards[0]!.id)).toBeUndefined();
      expect((await store.registrations.findAmong([a], gone.id))?.deletedAt).not.toBeNull();
      expect((await store.registrations.findManyAmong([a, c], cards.map((r) => r.id))).map((r) => r.id).sort()).toEqual([cards[0]!.id, cards[1]!.id, cards[3]!.id].sort());
    });

    it('lists the schedules of the channels asked, by state, newest first, in pages, and counts the active ones per card', async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      const second = schedule(entityId, registrationId);
      const cancelled = schedule(entityId, registrationId);
      for (const x of [second, cancelled]) await writeSchedule(store, x);
      await writeScheduleCancel(store, entityId, cancelled.id, cancelled.createdAt + 1);
      const elsewhere = await withSchedule(store);
      const all = byIdDesc([s.id, second.id, cancelled.id]);
      expect((await store.schedules.listAmong([entityId], undefined, undefined, 10)).map((x) => x.id)).toEqual(all);
      expect((await store.schedules.listAmong([entityId], 'active', undefined, 10)).map((x) => x.id)).toEqual(byIdDesc([s.id, second.id]));
      expect((await store.schedules.listAmong([entityId], 'cancelled', undefined, 10)).map((x) => x.id)).toEqual([cancelled.id]);
      expect((await store.schedules.listAmong([entityId], undefined, all[0], 10)).map((x) => x.id)).toEqual(all.slice(1));
      expect(await store.schedules.findAmong([entityId], elsewhere.s.id)).toBeUndefined();
      expect((await store.schedules.findAmong([elsewhere.entityId], elsewhere.s.id))?.id).toBe(elsewhere.s.id);
      const counts = await store.schedules.activeCountByRegistration([entityId, elsewhere.entityId], [registrationId, elsewhere.registrationId]);
      expect(Object.fromEntries(counts)).toEqual({ [registrationId]: 2, [elsewhere.registrationId]: 1 });
      expect((await store.schedules.activeCountByRegistration([entityId], [elsewhere.registrationId])).size).toBe(0);
    });

    it("writes the deletion's and the cancel's audit row with them, and none when nothing changed", async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const { entityId, registrationId, s } = await withSchedule(store);
      const rows = async () => (await store.audit.list(merchantId, {}, undefined, 100)).entries.map((e) => e.action).sort();
      const cancel = (action: string) => [store.audit.appendStatement(auditEntry(merchantId, { action }))];
      expect(await writeScheduleCancel(store, entityId, s.id, s.createdAt + 1, cancel('schedule.cancel'))).toBe('cancelled');
      expect(await writeScheduleCancel(store, entityId, s.id, s.createdAt + 2, cancel('schedule.cancel.again'))).toBe('already');
      expect(await writeRegistrationDeletion(store, entityId, registrationId, s.createdAt + 3, [], cancel('storedCard.delete'))).toBe(true);
      expect(await writeRegistrationDeletion(store, entityId, registrationId, s.createdAt + 4, [], cancel('storedCard.delete.again'))).toBe(false);
      expect(await rows()).toEqual(['schedule.cancel', 'storedCard.delete']);
    });
  });
}
