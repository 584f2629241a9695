// Idempotency keys (L4): one winner per (entity, key) under contention; replays; scoping.

import { describe, expect, it } from 'vitest';
import { all, id, newEntity, T0, type ContractContext } from './fixtures.js';

export function idempotencyContract(ctx: () => ContractContext): void {
  describe('idempotency keys', () => {
    it('of 50 parallel claims of one key exactly one is claimed, the others see it in progress', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const results = await all(Array.from({ length: 50 }, () => () => store.claimIdempotencyKey(entityId, 'k-1', 'h1', T0)));
      expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'in-progress')).toHaveLength(49);
    });

    it('replays the stored answer once done, and rejects other parameters under the same key', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      expect(await store.claimIdempotencyKey(entityId, 'k', 'h1', T0)).toEqual({ kind: 'claimed' });
      expect(await store.claimIdempotencyKey(entityId, 'k', 'h2', T0)).toEqual({ kind: 'mismatch' });
      await store.completeIdempotencyKey(entityId, 'k', 201, '{"ok":true}');
      expect(await store.claimIdempotencyKey(entityId, 'k', 'h1', T0 + 1)).toEqual({ kind: 'done', statusCode: 201, body: '{"ok":true}' });
      expect(await store.claimIdempotencyKey(entityId, 'k', 'h2', T0 + 1)).toEqual({ kind: 'mismatch' });
    });

    it("treats another entity's identical key as a different key", async () => {
      const { store } = ctx();
      const a = await newEntity(store);
      const b = await newEntity(store);
      expect((await store.claimIdempotencyKey(a, 'shared', 'h', T0)).kind).toBe('claimed');
      await store.completeIdempotencyKey(a, 'shared', 200, 'secret of a');
      expect(await store.claimIdempotencyKey(b, 'shared', 'h', T0)).toEqual({ kind: 'claimed' });
      expect(await store.claimIdempotencyKey(b, 'shared', 'h', T0)).toEqual({ kind: 'in-progress' });
    });

    it('releases an unfinished claim so a retry runs, but never a stored answer', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.claimIdempotencyKey(entityId, 'r', 'h', T0);
      await store.releaseIdempotencyKey(entityId, 'r');
      expect(await store.claimIdempotencyKey(entityId, 'r', 'h2', T0)).toEqual({ kind: 'claimed' });
      await store.completeIdempotencyKey(entityId, 'r', 400, 'no');
      await store.releaseIdempotencyKey(entityId, 'r');
      expect(await store.claimIdempotencyKey(entityId, 'r', 'h2', T0)).toEqual({ kind: 'done', statusCode: 400, body: 'no' });
    });

    it('purges keys older than the cut-off only', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const old = `old-${id()}`;
      const fresh = `fresh-${id()}`;
      // Far in the past so keys of the other tests (created at T0) are not counted.
      await store.claimIdempotencyKey(entityId, old, 'h', 1_000);
      await store.claimIdempotencyKey(entityId, fresh, 'h', 3_000);
      expect(await store.purgeIdempotencyKeys(2_000)).toBe(1);
      expect(await store.claimIdempotencyKey(entityId, old, 'h', T0)).toEqual({ kind: 'claimed' });
      expect(await store.claimIdempotencyKey(entityId, fresh, 'h', T0)).toEqual({ kind: 'in-progress' });
    });
  });
}
