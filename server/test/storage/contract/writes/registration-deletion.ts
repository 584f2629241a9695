// writeRegistrationDeletion: a stored card is deleted once, its ciphertext and card hash wiped,
// and its schedules cancelled with it.

import { describe, expect, it } from 'vitest';
import { writeRegistration, writeRegistrationDeletion } from '../../../../src/storage/writes/index.js';
import { type ContractContext, id, newEntity, registrationRecord, T0 } from '../fixtures.js';
import { S0, fire, withSchedule } from '../schedule-fixtures.js';

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
