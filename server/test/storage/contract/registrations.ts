// The registrations repository: stored cards round-trip, scoped by entity (A9), with their INITIAL payment.

import { describe, expect, it } from 'vitest';
import { writeRegistration, writeRegistrationDeletion } from '../../../src/storage/writes/index.js';
import { type ContractContext, newEntity, registrationRecord, T0 } from './fixtures.js';

export function registrationsContract(ctx: () => ContractContext): void {
  describe('registrations repository', () => {
    it("round-trips, is scoped by entity and never found through another entity (A9)", async () => {
      const { store } = ctx();
      const a = await newEntity(store);
      const b = await newEntity(store);
      const r = registrationRecord(a);
      await writeRegistration(store, r);
      expect(await store.registrations.find(a, r.id)).toEqual(r);
      expect(await store.registrations.find(b, r.id)).toBeUndefined();
      expect(await writeRegistrationDeletion(store, b, r.id, T0)).toBe(false);
      expect((await store.registrations.find(a, r.id))?.deletedAt).toBeNull();
    });

    it('keeps whether the registration came from an INITIAL payment', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const r = { ...registrationRecord(entityId), initialDone: true };
      await writeRegistration(store, r);
      expect((await store.registrations.find(entityId, r.id))?.initialDone).toBe(true);
    });

    it("keeps a migrated series' INITIAL payment, every field or only its payment type", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const full = registrationRecord(entityId, {
        migration: { paymentType: 'PA', amount: 9_999_999_999, requestTimestamp: '2025-01-02 10:11:12', connectorTxId1: 'a'.repeat(128), connectorTxId2: 'ü €', connectorTxId3: '3' },
      });
      const bare = registrationRecord(entityId, {
        migration: { paymentType: 'CD', amount: null, requestTimestamp: null, connectorTxId1: null, connectorTxId2: null, connectorTxId3: null },
      });
      for (const r of [full, bare]) {
        await writeRegistration(store, r);
        expect(await store.registrations.find(entityId, r.id)).toEqual(r);
      }
    });
  });
}
