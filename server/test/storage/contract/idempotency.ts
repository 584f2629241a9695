// Idempotency keys (L4): one winner per (entity, key) under contention; replays; scoping.

import { describe, expect, it } from 'vitest';
import { all, id, newEntity, T0, type ContractContext } from './fixtures.js';

/** expiredBefore for claims that must not see any key as expired. */
const NONE_EXPIRED = 0;

export function idempotencyContract(ctx: () => ContractContext): void {
  describe('idempotency keys', () => {
    it('of 50 parallel claims of one key exactly one is claimed, the others see it in progress', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const results = await all(Array.from({ length: 50 }, () => () => store.claimIdempotencyKey(entityId, 'k-1', 'h1', T0, NONE_EXPIRED)));
      expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'in-progress')).toHaveLength(49);
    });

    it('replays the stored answer once done, and rejects other parameters under the same key', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      expect(await store.claimIdempotencyKey(entityId, 'k', 'h1', T0, NONE_EXPIRED)).toEqual({ kind: 'claimed' });
      expect(await store.claimIdempotencyKey(entityId, 'k', 'h2', T0, NONE_EXPIRED)).toEqual({ kind: 'mismatch' });
      await store.completeIdempotencyKey(entityId, 'k', 201, '{"ok":true}');
      expect(await store.claimIdempotencyKey(entityId, 'k', 'h1', T0 + 1, NONE_EXPIRED)).toEqual({ kind: 'done', statusCode: 201, body: '{"ok":true}' });
      expect(await store.claimIdempotencyKey(entityId, 'k', 'h2', T0 + 1, NONE_EXPIRED)).toEqual({ kind: 'mismatch' });
    });

    it("treats another entity's identical key as a different key", async () => {
      const { store } = ctx();
      const a = await newEntity(store);
      const b = await newEntity(store);
      expect((await store.claimIdempotencyKey(a, 'shared', 'h', T0, NONE_EXPIRED)).kind).toBe('claimed');
      await store.completeIdempotencyKey(a, 'shared', 200, 'secret of a');
      expect(await store.claimIdempotencyKey(b, 'shared', 'h', T0, NONE_EXPIRED)).toEqual({ kind: 'claimed' });
      expect(await store.claimIdempotencyKey(b, 'shared', 'h', T0, NONE_EXPIRED)).toEqual({ kind: 'in-progress' });
    });

    it('releases an unfinished claim so a retry runs, but never a stored answer', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.claimIdempotencyKey(entityId, 'r', 'h', T0, NONE_EXPIRED);
      await store.releaseIdempotencyKey(entityId, 'r');
      expect(await store.claimIdempotencyKey(entityId, 'r', 'h2', T0, NONE_EXPIRED)).toEqual({ kind: 'claimed' });
      await store.completeIdempotencyKey(entityId, 'r', 400, 'no');
      await store.releaseIdempotencyKey(entityId, 'r');
      expect(await store.claimIdempotencyKey(entityId, 'r', 'h2', T0, NONE_EXPIRED)).toEqual({ kind: 'done', statusCode: 400, body: 'no' });
    });

    it('claims an expired key as unused, once among parallel claims, whether it held an answer or a stuck claim', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const ttl = 1_000;
      await store.claimIdempotencyKey(entityId, 'stuck', 'h', T0, T0 - ttl); // never completed
      await store.claimIdempotencyKey(entityId, 'answered', 'h', T0, T0 - ttl);
      await store.completeIdempotencyKey(entityId, 'answered', 200, 'old answer');
      const before = T0 + ttl - 1;
      expect(await store.claimIdempotencyKey(entityId, 'stuck', 'h', before, before - ttl)).toEqual({ kind: 'in-progress' });
      expect((await store.claimIdempotencyKey(entityId, 'answered', 'h2', before, before - ttl)).kind).toBe('mismatch');
      const after = T0 + ttl + 1;
      const results = await all(Array.from({ length: 20 }, () => () => store.claimIdempotencyKey(entityId, 'stuck', 'h2', after, after - ttl)));
      expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'in-progress')).toHaveLength(19);
      expect(await store.claimIdempotencyKey(entityId, 'answered', 'h2', after, after - ttl)).toEqual({ kind: 'claimed' });
    });

    it('purges keys older than the cut-off only', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const old = `old-${id()}`;
      const fresh = `fresh-${id()}`;
      // Far in the past so keys of the other tests (created at T0) are not counted.
      await store.claimIdempotencyKey(entityId, old, 'h', 1_000, NONE_EXPIRED);
      await store.claimIdempotencyKey(entityId, fresh, 'h', 3_000, NONE_EXPIRED);
      expect(await store.purgeIdempotencyKeys(2_000)).toBe(1);
      expect(await store.claimIdempotencyKey(entityId, old, 'h', T0, NONE_EXPIRED)).toEqual({ kind: 'claimed' });
      expect(await store.claimIdempotencyKey(entityId, fresh, 'h', T0, NONE_EXPIRED)).toEqual({ kind: 'in-progress' });
    });
  });
}
