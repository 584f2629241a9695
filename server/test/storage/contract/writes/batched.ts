// The composite writes that are one group-commit batch (writeCheckout, writeRegistration,
// writeSchedule): the record, its claim's answer and its jobs commit together, and none of them
// when the claim was lost to another relay meanwhile (ClaimLostError).

import { describe, expect, it } from 'vitest';
import { jobRecord } from '../../../../src/domain/job.js';
import type { ScheduleRecord } from '../../../../src/domain/schedules.js';
import { ClaimLostError, type ClaimAnswer } from '../../../../src/storage/store.js';
import { writeCheckout, writeRegistration, writeSchedule } from '../../../../src/storage/writes/index.js';
import { checkoutRecord, type ContractContext, id, newEntity, registrationRecord, T0 } from '../fixtures.js';
import { schedule as scheduleOf } from '../schedule-fixtures.js';

const HOLDER = { owner: 'relay-a', leaseUntil: T0 + 60_000 };
/** Jobs queued here are due far in the future: no claim of the jobs tests reaches them. */
const JOBS_AT = 4_300_000_000_000;

/** A claim held by relay-a; its answer, or the answer of a relay that does not hold it. */
async function claimed(store: ContractContext['store'], entityId: string, owner = HOLDER.owner): Promise<ClaimAnswer> {
  const key = id();
  expect(await store.idempotency.claim(entityId, key, 'h', T0, 0, HOLDER)).toEqual({ kind: 'claimed' });
  return { entityId, key, owner, claimedAt: T0, statusCode: 200, body: `{"key":"${key}"}` };
}

const replay = (store: ContractContext['store'], a: ClaimAnswer) => store.idempotency.claim(a.entityId, a.key, 'h', T0 + 1, 0, HOLDER);

/** A monthly schedule of these tests, due at JOBS_AT. */
const schedule = (entityId: string, registrationId: string): ScheduleRecord =>
  scheduleOf(entityId, registrationId, { expression: '0 0 0 1 * ? *', nextRunAt: JOBS_AT, createdAt: T0, updatedAt: T0 });

export function batchedWritesContract(ctx: () => ContractContext): void {
  describe('writeCheckout, writeRegistration, writeSchedule', () => {
    it('writeCheckout: the checkout with its answer, and neither under a lost claim', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const answer = await claimed(store, entityId);
      const c = checkoutRecord(entityId);
      await writeCheckout(store, c, answer);
      expect((await store.checkouts.find(c.id))?.id).toBe(c.id);
      expect(await replay(store, answer)).toEqual({ kind: 'done', statusCode: 200, body: answer.body });

      const lost = await claimed(store, entityId, 'relay-b');
      const refused = checkoutRecord(entityId);
      await expect(writeCheckout(store, refused, lost)).rejects.toBeInstanceOf(ClaimLostError);
      expect(await store.checkouts.find(refused.id)).toBeUndefined();
    });

    it('writeRegistration: the card with its answer and jobs, and none of them under a lost claim', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const answer = await claimed(store, entityId);
      const r = registrationRecord(entityId);
      const job = jobRecord({ kind: 'batched-test', payload: {}, runAt: JOBS_AT }, T0, 5);
      await writeRegistration(store, r, { answer, jobs: [job] });
      expect(await store.registrations.find(entityId, r.id)).toEqual(r);
      expect((await store.jobs.find(job.id))?.state).toBe('queued');
      expect((await replay(store, answer)).kind).toBe('done');

      const lost = await claimed(store, entityId, 'relay-b');
      const refused = registrationRecord(entityId);
      const refusedJob = jobRecord({ kind: 'batched-test', payload: {}, runAt: JOBS_AT }, T0, 5);
      await expect(writeRegistration(store, refused, { answer: lost, jobs: [refusedJob] })).rejects.toBeInstanceOf(ClaimLostError);
      expect(await store.registrations.find(entityId, refused.id)).toBeUndefined();
      expect(await store.jobs.find(refusedJob.id)).toBeUndefined();
    });

    it('writeSchedule: the schedule with its answer and the job that fires it, and none of them under a lost claim', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const registration = registrationRecord(entityId);
      await writeRegistration(store, registration);
      const answer = await claimed(store, entityId);
      const s = schedule(entityId, registration.id);
      const fires = jobRecord({ kind: 'batched-test', payload: { scheduleId: s.id }, runAt: JOBS_AT }, T0, 5);
      await writeSchedule(store, s, { answer, jobs: [fires] });
      expect(await store.schedules.find(entityId, s.id)).toEqual(s);
      expect((await store.jobs.find(fires.id))?.state).toBe('queued');
      expect((await replay(store, answer)).kind).toBe('done');

      const lost = await claimed(store, entityId, 'relay-b');
      const refused = schedule(entityId, registration.id);
      await expect(writeSchedule(store, refused, { answer: lost })).rejects.toBeInstanceOf(ClaimLostError);
      expect(await store.schedules.find(entityId, refused.id)).toBeUndefined();
    });
  });
}
