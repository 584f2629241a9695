// writeScheduleCancel: a schedule is cancelled once, with its due occurrences, and nothing fires
// afterwards; a cancel racing a charge leaves the charge and its occurrence, or neither.

import { describe, expect, it } from 'vitest';
import { occurrenceId } from '../../../../src/schedules/fire.js';
import { writePayment, writeScheduleCancel } from '../../../../src/storage/writes/index.js';
import { all, type ContractContext, id, newEntity, paymentRecord } from '../fixtures.js';
import { S0, MINUTE, fire, withSchedule } from '../schedule-fixtures.js';

export function writeScheduleCancelContract(ctx: () => ContractContext): void {
  describe('writeScheduleCancel', () => {
    it('cancels once: due occurrences with it, and nothing fires afterwards', async () => {
      const { store } = ctx();
      const { entityId, s } = await withSchedule(store);
      await fire(store, entityId, S0);
      expect(await writeScheduleCancel(store, entityId, s.id, S0 + 1)).toBe('cancelled');
      expect(await writeScheduleCancel(store, entityId, s.id, S0 + 2)).toBe('already');
      expect(await writeScheduleCancel(store, entityId, id(), S0 + 2)).toBe('missing');
      expect(await writeScheduleCancel(store, await newEntity(store), s.id, S0 + 2)).toBe('missing');
      expect((await store.schedules.occurrences(s.id, 10)).map((o) => o.status)).toEqual(['cancelled']);
      expect((await fire(store, entityId, S0 + 10 * MINUTE)).found).toBe(0);
      const after = await store.schedules.find(entityId, s.id);
      expect([after?.status, after?.nextRunAt]).toEqual(['cancelled', null]);
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
            () => writePayment(other, paymentRecord(entityId, { id: paymentId, registrationId }), { occurrence: { id: occurrence, status: 'succeeded', paymentId, resultCode: '000.100.110', now: S0 + 1 } }),
            () => writeScheduleCancel(store, entityId, s.id, S0 + 1),
          ]);
          expect(cancelled).toBe('cancelled');
          const after = (await store.schedules.findOccurrence(occurrence))?.occurrence;
          const payment = await store.payments.find(entityId, paymentId);
          if (charged === true) expect([after?.status, after?.paymentId, payment?.id]).toEqual(['succeeded', paymentId, paymentId]);
          else expect([after?.status, payment]).toEqual(['cancelled', undefined]);
        }
      } finally {
        if (other !== store) await other.close();
      }
    });
  });
}
