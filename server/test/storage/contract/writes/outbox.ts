// What every composite write carries with its effect (F1): the idempotency claim's answer, the
// jobs and the webhook events it causes commit with it or not at all, on every write path; claims
// still in progress after a crash can be listed.

import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint, WebhookEvent } from '../../../../src/domain/webhooks.js';
import { jobRecord, type JobRecord, type NewJob } from '../../../../src/domain/job.js';
import { type ClaimAnswer, ClaimLostError } from '../../../../src/storage/store.js';
import { writeCheckout, writeFollowUp, writePayment, writeRegistration, writeRegistrationDeletion } from '../../../../src/storage/writes/index.js';
import { checkoutRecord, type ContractContext, followUp, id, insertPayment, newEntity, paymentRecord, registrationRecord, T0 } from '../fixtures.js';

const HOLDER = { owner: 'relay-a', leaseUntil: T0 + 60_000 };
const answer = (entityId: string, key: string, body = `{"key":"${key}"}`): ClaimAnswer => ({ entityId, key, owner: HOLDER.owner, claimedAt: T0, statusCode: 200, body });

/** Claims of this entity that relay-a would resolve at T0 + 1 (its own, restarted). */
const inDoubt = async (store: ContractContext['store'], entityId: string) =>
  (await store.idempotency.inDoubt(T0 + 1, HOLDER.owner, 10_000)).filter((claim) => claim.entityId === entityId);

/** Jobs tests run at their own moments, long after every other contract test's T0. */
const J0 = 1_800_000_000_000;

const FAR_FUTURE = 4_000_000_000_000;
const job = (over: Partial<NewJob> = {}, now = J0): JobRecord => jobRecord({ kind: 'test', payload: { n: id() }, runAt: now, ...over }, now, 5);
const W0 = 4_100_000_000_000;

function endpoint(entityId: string, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return { id: id(), entityId, paymentId: null, url: 'https://shop.example/hooks', eventTypes: [], sealedSecret: 'sealed', state: 'active', disabledReason: null, createdAt: W0, updatedAt: W0, ...over };
}

function event(entityId: string, recordId: string, over: Partial<WebhookEvent> = {}): WebhookEvent {
  return { id: id(), entityId, type: 'PAYMENT', action: 'CREATED', recordId, rootPaymentId: recordId, payload: `{"id":"${recordId}"}`, createdAt: W0, ...over };
}

export function outboxContract(ctx: () => ContractContext): void {
  describe('claim answers written with their effect (writePayment, writeRegistration, writeCheckout, writeFollowUp)', () => {
    it('writes the claim answer in the same transaction as a payment, a registration, a checkout and a follow-up', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      for (const key of ['pay', 'pay-with-registration', 'registration', 'checkout', 'capture']) {
        expect(await store.idempotency.claim(entityId, key, 'h', T0, 0, HOLDER)).toEqual({ kind: 'claimed' });
      }
      await writePayment(store, paymentRecord(entityId), { answer: answer(entityId, 'pay') });
      await writePayment(store, paymentRecord(entityId), { registration: registrationRecord(entityId), answer: answer(entityId, 'pay-with-registration') });
      await writeRegistration(store, registrationRecord(entityId), { answer: answer(entityId, 'registration') });
      await writeCheckout(store, checkoutRecord(entityId), answer(entityId, 'checkout'));
      const authorized = await insertPayment(store, entityId, { paymentType: 'PA' });
      expect(await writeFollowUp(store, { ...followUp(authorized, 'CP', 100), answer: answer(entityId, 'capture') })).toBe(true);
      for (const key of ['pay', 'pay-with-registration', 'registration', 'checkout', 'capture']) {
        expect(await store.idempotency.claim(entityId, key, 'h', T0 + 1, 0, HOLDER)).toEqual({ kind: 'done', statusCode: 200, body: `{"key":"${key}"}` });
      }
      expect(await inDoubt(store, entityId)).toEqual([]);
    });

    it('leaves the claim in progress when the effect is refused: neither is written', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.idempotency.claim(entityId, 'refused-capture', 'h', T0, 0, HOLDER);
      const authorized = await insertPayment(store, entityId, { paymentType: 'PA', amount: 1_000 });
      const over = followUp(authorized, 'CP', 1_000);
      expect(await writeFollowUp(store, over)).toBe(true);
      // A second full capture breaks the guard: no record, and no answer either.
      expect(await writeFollowUp(store, { ...followUp(authorized, 'CP', 1_000), answer: answer(entityId, 'refused-capture') })).toBe(false);
      expect(await store.idempotency.claim(entityId, 'refused-capture', 'h', T0 + 1, 0, HOLDER)).toEqual({ kind: 'in-progress', leaseUntil: HOLDER.leaseUntil });
    });

    it('lists the claims still in progress, and only those', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.idempotency.claim(entityId, 'stuck-2', 'h', T0 + 2, 0, HOLDER);
      await store.idempotency.claim(entityId, 'stuck-1', 'h', T0 + 1, 0, HOLDER);
      await store.idempotency.claim(entityId, 'answered', 'h', T0, 0, HOLDER);
      await store.idempotency.complete(answer(entityId, 'answered', '{}'));
      expect(await inDoubt(store, entityId)).toEqual([
        { entityId, key: 'stuck-1', createdAt: T0 + 1, owner: HOLDER.owner },
        { entityId, key: 'stuck-2', createdAt: T0 + 2, owner: HOLDER.owner },
      ]);
    });

    it('rolls back the effect when its claim was taken by another relay meanwhile, on every write path', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const lost = (key: string) => ({ ...answer(entityId, key), owner: 'relay-gone' });
      for (const key of ['pay', 'pay-with-registration', 'registration', 'capture']) {
        expect(await store.idempotency.claim(entityId, key, 'h', T0, 0, HOLDER)).toEqual({ kind: 'claimed' });
      }
      const payment = paymentRecord(entityId);
      await expect(writePayment(store, payment, { answer: lost('pay') })).rejects.toThrow(ClaimLostError);
      expect(await store.payments.find(entityId, payment.id)).toBeUndefined();
      const withCard = paymentRecord(entityId);
      const registration = registrationRecord(entityId);
      await expect(writePayment(store, withCard, { registration, answer: lost('pay-with-registration') })).rejects.toThrow(ClaimLostError);
      expect(await store.registrations.find(entityId, registration.id)).toBeUndefined();
      const alone = registrationRecord(entityId);
      await expect(writeRegistration(store, alone, { answer: lost('registration') })).rejects.toThrow(ClaimLostError);
      expect(await store.registrations.find(entityId, alone.id)).toBeUndefined();
      const authorized = await insertPayment(store, entityId, { paymentType: 'PA' });
      const capture = followUp(authorized, 'CP', 100);
      await expect(writeFollowUp(store, { ...capture, answer: lost('capture') })).rejects.toThrow(ClaimLostError);
      expect(await store.payments.find(entityId, capture.record.id)).toBeUndefined();
      expect((await store.payments.find(entityId, authorized.id))?.capturedAmount).toBe(0);
    });
  });

  describe('jobs and events written with their effect', () => {
    it('queues the outbox of a payment and a follow-up with them, and not when the guard refuses the follow-up', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const payJob = job({ runAt: FAR_FUTURE });
      await writePayment(store, paymentRecord(entityId), { jobs: [payJob] });
      expect((await store.jobs.find(payJob.id))?.state).toBe('queued');
      const authorized = await insertPayment(store, entityId, { paymentType: 'PA', amount: 1_000 });
      const captureJob = job({ runAt: FAR_FUTURE });
      expect(await writeFollowUp(store, { ...followUp(authorized, 'CP', 1_000), jobs: [captureJob] })).toBe(true);
      const refusedJob = job({ runAt: FAR_FUTURE });
      expect(await writeFollowUp(store, { ...followUp(authorized, 'CP', 1_000), jobs: [refusedJob] })).toBe(false);
      expect((await store.jobs.find(captureJob.id))?.state).toBe('queued');
      expect(await store.jobs.find(refusedJob.id)).toBeUndefined();
    });

    it('writes no event for a follow-up whose guard fails, nor for a second deletion of a card', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.webhooks.insertEndpoint(endpoint(entityId));
      const pa = await insertPayment(store, entityId, { paymentType: 'PA' });
      const first = followUp(pa, 'CP', 10_000);
      expect(await writeFollowUp(store, { ...first, events: [event(entityId, first.record.id)] })).toBe(true);
      // A second full capture of the same snapshot: the guard fails, nothing is written.
      const second = followUp(pa, 'CP', 10_000);
      expect(await writeFollowUp(store, { ...second, events: [event(entityId, second.record.id)] })).toBe(false);
      expect(await store.webhooks.eventsOf(first.record.id)).toHaveLength(1);
      expect(await store.webhooks.eventsOf(second.record.id)).toEqual([]);

      const r = registrationRecord(entityId);
      await writeRegistration(store, r, { events: [event(entityId, r.id, { type: 'REGISTRATION', rootPaymentId: null })] });
      expect(await writeRegistrationDeletion(store, entityId, r.id, W0, [event(entityId, r.id, { type: 'REGISTRATION', action: 'DELETED', rootPaymentId: null })])).toBe(true);
      expect(await writeRegistrationDeletion(store, entityId, r.id, W0, [event(entityId, r.id, { type: 'REGISTRATION', action: 'DELETED', rootPaymentId: null })])).toBe(false);
      expect((await store.webhooks.eventsOf(r.id)).map((x) => x.action).sort()).toEqual(['CREATED', 'DELETED']);
    });
  });
}
