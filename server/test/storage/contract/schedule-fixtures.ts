// What the schedule contracts share: a schedule of its own moments (every minute from S0), the
// jobs its firings queue, firing one entity's due schedules, and a stored card with a schedule.

import { jobRecord } from '../../../src/domain/job.js';
import { planFiring } from '../../../src/schedules/fire.js';
import type { OccurrenceRecord, ScheduleRecord } from '../../../src/domain/schedules.js';
import type { Store } from '../../../src/storage/store.js';
import { writeDueFirings, writeRegistration, writeSchedule } from '../../../src/storage/writes/index.js';
import { id, newEntity, registrationRecord } from './fixtures.js';

/** Schedule tests run at their own moments. */
export const S0 = Date.UTC(2031, 0, 1, 0, 0, 0);

export const MINUTE = 60_000;
export const JOBS_AT = 4_500_000_000_000;

export function schedule(entityId: string, registrationId: string, over: Partial<ScheduleRecord> = {}): ScheduleRecord {
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

export const jobsOf = ({ due }: { due: readonly OccurrenceRecord[] }) => due.map((o) => jobRecord({ kind: 'schedule-charge-test', payload: { occurrenceId: o.id }, runAt: JOBS_AT, uniqueKey: `schedule-charge-test:${o.id}` }, S0, 5));

export function fire(store: Store, entityId: string, now: number, limit = 200) {
  return writeDueFirings(store, now, limit, (s) => planFiring(s, now), jobsOf, entityId);
}

export async function withSchedule(store: Store, over: Partial<ScheduleRecord> = {}): Promise<{ entityId: string; registrationId: string; s: ScheduleRecord }> {
  const entityId = await newEntity(store);
  const registration = registrationRecord(entityId);
  await writeRegistration(store, registration);
  const s = schedule(entityId, registration.id, over);
  await writeSchedule(store, s);
  return { entityId, registrationId: registration.id, s };
}
