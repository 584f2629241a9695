// Failed sign-in counters: a row replaced only over the row read (so concurrent failures on several
// relays are all counted), cleared by a success, and idle rows removed.

import { describe, expect, it } from 'vitest';
import type { SignInFailureRecord } from '../../../src/domain/sign-in-throttle.js';
import { type ContractContext, HOUR, id, T0 } from './fixtures.js';

export function signInFailuresContract(ctx: () => ContractContext): void {
  describe('sign-in failures repository', () => {
    it('inserts a key once, then replaces it only over what was read', async () => {
      const { store } = ctx();
      const key = `account:${id()}@shop.example`;
      const first: SignInFailureRecord = { key, failures: 1, windowStartedAt: T0, lockedUntil: null, lockouts: 0 };
      expect(await store.signInFailures.find(key)).toBeUndefined();
      expect(await store.signInFailures.replace(undefined, first)).toBe(true);
      expect(await store.signInFailures.replace(undefined, { ...first, failures: 9 })).toBe(false);
      expect(await store.signInFailures.find(key)).toEqual(first);
      const second = { ...first, failures: 2 };
      expect(await store.signInFailures.replace(first, second)).toBe(true);
      // Another relay's failure counted from the same reading: refused, to be read again.
      expect(await store.signInFailures.replace(first, second)).toBe(false);
      const locked = { key, failures: 0, windowStartedAt: T0 + 5, lockedUntil: T0 + 60_005, lockouts: 1 };
      expect(await store.signInFailures.replace(second, locked)).toBe(true);
      expect(await store.signInFailures.find(key)).toEqual(locked);
      await store.signInFailures.clear(key);
      expect(await store.signInFailures.find(key)).toBeUndefined();
    });

    it('removes rows whose window is over and that are not locked past it', async () => {
      const { store } = ctx();
      const idle = { key: `address:${id()}`, failures: 3, windowStartedAt: T0, lockedUntil: null, lockouts: 0 };
      const locked = { key: `address:${id()}`, failures: 0, windowStartedAt: T0, lockedUntil: T0 + 3 * HOUR, lockouts: 1 };
      const recent = { key: `address:${id()}`, failures: 1, windowStartedAt: T0 + 2 * HOUR, lockedUntil: null, lockouts: 0 };
      for (const r of [idle, locked, recent]) await store.signInFailures.replace(undefined, r);
      expect(await store.signInFailures.deleteIdle(T0 + HOUR)).toBeGreaterThanOrEqual(1);
      expect(await store.signInFailures.find(idle.key)).toBeUndefined();
      expect(await store.signInFailures.find(locked.key)).toEqual(locked);
      expect(await store.signInFailures.find(recent.key)).toEqual(recent);
    });
  });
}
