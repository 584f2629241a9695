// writeRegistrationDeletion: a stored card is deleted once, its ciphertext and card hash wiped,
// and its schedules cancelled with it.

import { describe, expect, it } from 'vitest';
import { jobRecord } from '../../../../src/domain/job.js';
import { occurrenceId, planFiring } from '../../../../src/schedules/fire.js';
import type { OccurrenceRecord, ScheduleRecord } from '../../../../src/domain/schedules.js';
import type { Store } from '../../../../src/storage/store.js';
import { writeDueFirings, writeRegistration, writeRegistrationDeletion, writeSchedule } from '../../../../src/storage/writes/index.js';
import { type ContractContext, id, newEntity, registrationRecord, T0 } from '../fixtures.js';

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
  return writeDueFirings(store, now, limit, (s) => planFiring(s, now), jobsOf, entityId);
}

async function withSchedule(store: Store, over: Partial<ScheduleRecord> = {}): Promise<{ entityId: string; registrationId: string; s: ScheduleRecord }> {
  const entityId = await newEntity(store);
  const registration = registrationRecord(entityId);
  await writeRegistration(store, registration);
  const s = schedule(entityId, registration.id, over);
  await writeSchedule(store, s);
  return { entityId, registrationId: registration.id, s };
}

export function writeRegistrationDeletionContract(ctx: () => ContractContext): void {
  describe('writeRegistrationDeletion', () => {
    it('deletes once, wiping the ciphertext and the card hash', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const r = registrationRecord(entityId);
      await writeRegistration(store, r);
      expect(await writeRegistrationDeletion(store, entityId, r.id, T0 + 5)).toBe(true);
      const gone = await store.registrations.find(entityId, r.id);
      expect(gone).toMatchObject({ deletedAt: T0 + 5, cardCiphertext: '', cardHmac: '' });
      expect(await writeRegistrationDeletion(store, entityId, r.id, T0 + 6)).toBe(false);
      expect(await writeRegistrationDeletion(store, entityId, id(), T0 + 6)).toBe(false);
    });

    it('cancels the schedules of a deleted registration', async () => {
      const { store } = ctx();
      const { entityId, registrationId, s } = await withSchedule(store);
      await fire(store, entityId, S0);
      expect(await writeRegistrationDeletion(store, entityId, registrationId, S0 + 5)).toBe(true);
      expect((await store.schedules.find(entityId, s.id))?.status).toBe('cancelled');
      expect((await store.schedules.occurrences(s.id, 10)).map((o) => o.status)).toEqual(['cancelled']);
    });
  });
}
