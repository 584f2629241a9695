// What a crash leaves for the relay to resolve (F1): a request's effect and its claim's answer
// commit together or not at all, claims still in progress can be listed, and the simulator's
// journal records, finds and voids what it answered.

import { describe, expect, it } from 'vitest';
import type { ClaimAnswer, SimulatorAuthorization } from '../../../src/storage/store.js';
import { checkoutRecord, followUp, id, insertPayment, newEntity, paymentRecord, registrationRecord, T0, type ContractContext } from './fixtures.js';

const answer = (entityId: string, key: string, body = `{"key":"${key}"}`): ClaimAnswer => ({ entityId, key, statusCode: 200, body });

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
        expect(await store.claimIdempotencyKey(entityId, key, 'h', T0, 0)).toEqual({ kind: 'claimed' });
      }
      await store.insertPayment(paymentRecord(entityId), { answer: answer(entityId, 'pay') });
      await store.insertPayment(paymentRecord(entityId), { registration: registrationRecord(entityId), answer: answer(entityId, 'pay-with-registration') });
      await store.insertRegistration(registrationRecord(entityId), answer(entityId, 'registration'));
      await store.insertCheckout(checkoutRecord(entityId), answer(entityId, 'checkout'));
      const authorized = await insertPayment(store, entityId, { paymentType: 'PA' });
      expect(await store.applyFollowUp({ ...followUp(authorized, 'CP', 100), answer: answer(entityId, 'capture') })).toBe(true);
      for (const key of ['pay', 'pay-with-registration', 'registration', 'checkout', 'capture']) {
        expect(await store.claimIdempotencyKey(entityId, key, 'h', T0 + 1, 0)).toEqual({ kind: 'done', statusCode: 200, body: `{"key":"${key}"}` });
      }
      const mine = (await store.inProgressIdempotencyKeys()).filter((claim) => claim.entityId === entityId);
      expect(mine).toEqual([]);
    });

    it('leaves the claim in progress when the effect is refused: neither is written', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.claimIdempotencyKey(entityId, 'refused-capture', 'h', T0, 0);
      const authorized = await insertPayment(store, entityId, { paymentType: 'PA', amount: 1_000 });
      const over = followUp(authorized, 'CP', 1_000);
      expect(await store.applyFollowUp(over)).toBe(true);
      // A second full capture breaks the guard: no record, and no answer either.
      expect(await store.applyFollowUp({ ...followUp(authorized, 'CP', 1_000), answer: answer(entityId, 'refused-capture') })).toBe(false);
      expect(await store.claimIdempotencyKey(entityId, 'refused-capture', 'h', T0 + 1, 0)).toEqual({ kind: 'in-progress' });
    });

    it('lists the claims still in progress, and only those', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.claimIdempotencyKey(entityId, 'stuck-2', 'h', T0 + 2, 0);
      await store.claimIdempotencyKey(entityId, 'stuck-1', 'h', T0 + 1, 0);
      await store.claimIdempotencyKey(entityId, 'answered', 'h', T0, 0);
      await store.completeIdempotencyKey(entityId, 'answered', 200, '{}');
      const mine = (await store.inProgressIdempotencyKeys()).filter((claim) => claim.entityId === entityId);
      expect(mine).toEqual([
        { entityId, key: 'stuck-1', createdAt: T0 + 1 },
        { entityId, key: 'stuck-2', createdAt: T0 + 2 },
      ]);
    });

    it("keeps the simulator's answers and voids an approval or a challenge once, never a decline", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const approved = authorization(entityId);
      const challenge = authorization(entityId, { state: 'challenge', resultCode: '000.200.000' });
      const declined = authorization(entityId, { state: 'declined', resultCode: '800.100.151' });
      for (const a of [approved, challenge, declined]) await store.recordSimulatorAuthorization(a);
      expect(await store.findSimulatorAuthorization(approved.reference)).toEqual(approved);
      expect(await store.findSimulatorAuthorization(id())).toBeUndefined();

      expect(await store.voidSimulatorAuthorization(approved.reference, T0 + 5)).toBe(true);
      expect(await store.voidSimulatorAuthorization(approved.reference, T0 + 6)).toBe(false);
      expect(await store.findSimulatorAuthorization(approved.reference)).toEqual({ ...approved, state: 'voided', voidedAt: T0 + 5 });
      expect(await store.voidSimulatorAuthorization(challenge.reference, T0 + 5)).toBe(true);
      expect(await store.voidSimulatorAuthorization(declined.reference, T0 + 5)).toBe(false);
      expect(await store.findSimulatorAuthorization(declined.reference)).toEqual(declined);
    });
  });
}
