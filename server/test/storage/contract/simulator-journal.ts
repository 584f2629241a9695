// The simulator journal repository: the simulator's record of what it answered, found and voided once.

import { describe, expect, it } from 'vitest';
import type { SimulatorAuthorization } from '../../../src/storage/store.js';
import { type ContractContext, id, newEntity, T0 } from './fixtures.js';

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

export function simulatorJournalContract(ctx: () => ContractContext): void {
  describe('simulatorJournal repository', () => {
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
