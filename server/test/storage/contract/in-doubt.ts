// What a crash leaves for the relay to resolve (F1): a request's effect and its claim's answer
// commit together or not at all, claims still in progress can be listed, and the simulator's
// journal records, finds and voids what it answered.

import { writeCheckout, writeFollowUp, writePayment, writeRegistration } from '../../../src/storage/writes/index.js';
import { describe, expect, it } from 'vitest';
import { ClaimLostError, type ClaimAnswer, type SimulatorAuthorization } from '../../../src/storage/store.js';
import { checkoutRecord, followUp, id, insertPayment, newEntity, paymentRecord, registrationRecord, T0, type ContractContext } from './fixtures.js';

const HOLDER = { owner: 'relay-a', leaseUntil: T0 + 60_000 };
const answer = (entityId: string, key: string, body = `{"key":"${key}"}`): ClaimAnswer => ({ entityId, key, owner: HOLDER.owner, claimedAt: T0, statusCode: 200, body });
/** Claims of this entity that relay-a would resolve at T0 + 1 (its own, restarted). */
const inDoubt = async (store: ContractContext['store'], entityId: string) =>
  (await store.idempotency.inDoubt(T0 + 1, HOLDER.owner, 10_000)).filter((claim) => claim.entityId === entityId);

function authorization(entityId: string, over: Partial<SimulatorAuthorization> = {}): SimulatorAuthorization {
  return {
    reference: id(),
    entityId,
    paymentId: id(),
    paymentType: 'DB',
    amount: 1_000,
    currency: 'EUR',
    resultCode: '000.100.110',
    state: 'approved',
    createdAt: T0,
    voidedAt: null,
    ...over,
  };
}

export function inDoubtContract(ctx: () => ContractContext): void {
  describe('answers written with their effect, and what a crash leaves in doubt', () => {
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

    it("keeps the simulator's answers and voids an approval or a challenge once, never a decline", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const approved = authorization(entityId);
      const challenge = authorization(entityId, { state: 'challenge', resultCode: '000.200.000' });
      const declined = authorization(entityId, { state: 'declined', resultCode: '800.100.151' });
      for (const a of [approved, challenge, declined]) await store.simulatorJournal.recordAuthorization(a);
      expect(await store.simulatorJournal.findAuthorization(approved.reference)).toEqual(approved);
      expect(await store.simulatorJournal.findAuthorization(id())).toBeUndefined();

      expect(await store.simulatorJournal.voidAuthorization(approved.reference, T0 + 5)).toBe(true);
      expect(await store.simulatorJournal.voidAuthorization(approved.reference, T0 + 6)).toBe(false);
      expect(await store.simulatorJournal.findAuthorization(approved.reference)).toEqual({ ...approved, state: 'voided', voidedAt: T0 + 5 });
      expect(await store.simulatorJournal.voidAuthorization(challenge.reference, T0 + 5)).toBe(true);
      expect(await store.simulatorJournal.voidAuthorization(declined.reference, T0 + 5)).toBe(false);
      expect(await store.simulatorJournal.findAuthorization(declined.reference)).toEqual(declined);
    });
  });
}
