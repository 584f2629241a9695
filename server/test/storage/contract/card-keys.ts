// Which card key is active (one at most, whatever runs at once), activations and retirements
// refused in the wrong state, and the sealed values found by the key that sealed them: counted,
// listed by row key after a cursor, and rewritten only over the value read. Other contracts share
// the store, so counts are taken as differences and listings filtered to this contract's rows.

import { describe, expect, it } from 'vitest';
import { CardKeyStateError } from '../../../src/storage/repositories/card-keys.js';
import { newEntity, registrationRecord, T0, type ContractContext } from './fixtures.js';

export function cardKeysContract(ctx: () => ContractContext): void {
  describe('card keys repository', () => {
    it('starts with the original key active, activates another with the time the former was replaced', async () => {
      const { store } = ctx();
      expect(await store.cardKeys.activeId()).toBe('k0');
      await store.cardKeys.activate('k7', T0 + 5);
      await store.cardKeys.activate('k7', T0 + 6);
      expect(await store.cardKeys.activeId()).toBe('k7');
      const keys = await store.cardKeys.list();
      expect(keys.find((k) => k.id === 'k0')).toEqual({ id: 'k0', active: false, activatedAt: 0, replacedAt: T0 + 5, retiredAt: null });
      expect(keys.find((k) => k.id === 'k7')).toEqual({ id: 'k7', active: true, activatedAt: T0 + 5, replacedAt: null, retiredAt: null });
    });

    it('refuses to retire the active key, and to activate a retired one', async () => {
      const { store } = ctx();
      await expect(store.cardKeys.retire('k7', T0 + 7)).rejects.toThrow(CardKeyStateError);
      await store.cardKeys.retire('k0', T0 + 8);
      await store.cardKeys.retire('k0', T0 + 9);
      expect((await store.cardKeys.list()).find((k) => k.id === 'k0')?.retiredAt).toBe(T0 + 8);
      await expect(store.cardKeys.activate('k0', T0 + 10)).rejects.toThrow(/retired/);
      expect(await store.cardKeys.activeId()).toBe('k7');
    });

    it('leaves exactly one key active when two activations race', async () => {
      const { store } = ctx();
      await Promise.allSettled([store.cardKeys.activate('k8', T0 + 11), store.cardKeys.activate('k9', T0 + 11)]);
      const active = (await store.cardKeys.list()).filter((k) => k.active);
      expect(active).toHaveLength(1);
      expect(['k8', 'k9']).toContain(active[0]?.id);
      expect(await store.cardKeys.activeId()).toBe(active[0]?.id);
    });
  });

  describe('sealed values repository', () => {
    it('counts and lists the values of each key, by row key after a cursor, never the empty ones of deleted cards', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const before = { k5: await store.sealedValues.count('cards', 'k5'), k6: await store.sealedValues.count('cards', 'k6') };
      const rows = [
        registrationRecord(entityId, { cardCiphertext: 'k5:AAAA' }),
        registrationRecord(entityId, { cardCiphertext: 'k5:BBBB' }),
        registrationRecord(entityId, { cardCiphertext: 'k6:CCCC' }),
        registrationRecord(entityId, { cardCiphertext: 'bGVnYWN5' }),
        registrationRecord(entityId, { cardCiphertext: '', cardHmac: '', deletedAt: T0 }),
      ];
      for (const r of rows) await store.registrations.insert(r);
      expect(await store.sealedValues.count('cards', 'k5')).toBe(before.k5 + 2);
      expect(await store.sealedValues.count('cards', 'k6')).toBe(before.k6 + 1);
      const mine = new Set(rows.map((r) => r.id));
      const notK6 = (await store.sealedValues.notUnder('cards', 'k6', '', 100_000)).filter((v) => mine.has(v.key));
      expect(notK6.map((v) => v.value).sort()).toEqual(['bGVnYWN5', 'k5:AAAA', 'k5:BBBB']);
      // Values without a key id are the original key's.
      const notK0 = (await store.sealedValues.notUnder('cards', 'k0', '', 100_000)).filter((v) => mine.has(v.key));
      expect(notK0.map((v) => v.value).sort()).toEqual(['k5:AAAA', 'k5:BBBB', 'k6:CCCC']);
      // Keyset paging: in row key order, after the cursor, at most the limit.
      const ordered = [...notK6].sort((a, b) => (a.key < b.key ? -1 : 1));
      const page = await store.sealedValues.notUnder('cards', 'k6', ordered[0]?.key ?? '', 100_000);
      expect(page.map((v) => v.key)).not.toContain(ordered[0]?.key);
      expect(page.filter((v) => mine.has(v.key)).map((v) => v.key)).toEqual(ordered.slice(1).map((v) => v.key));
      expect(await store.sealedValues.notUnder('cards', 'k6', '', 1)).toHaveLength(1);
    });

    it('rewrites a value only over the value read, with the card fingerprint', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const r = registrationRecord(entityId, { cardCiphertext: 'k5:DDDD', cardHmac: 'aa'.repeat(32) });
      await store.registrations.insert(r);
      expect(await store.sealedValues.replace('cards', r.id, 'k5:changed-meanwhile', 'k6:EEEE', 'bb'.repeat(32))).toBe(false);
      expect(await store.registrations.find(entityId, r.id)).toMatchObject({ cardCiphertext: 'k5:DDDD', cardHmac: 'aa'.repeat(32) });
      expect(await store.sealedValues.replace('cards', r.id, 'k5:DDDD', 'k6:EEEE', 'bb'.repeat(32))).toBe(true);
      expect(await store.registrations.find(entityId, r.id)).toMatchObject({ cardCiphertext: 'k6:EEEE', cardHmac: 'bb'.repeat(32) });
      // Two rewrites of one read: the second finds the value changed.
      expect(await store.sealedValues.replace('cards', r.id, 'k5:DDDD', 'k6:FFFF', 'cc'.repeat(32))).toBe(false);
    });
  });
}
