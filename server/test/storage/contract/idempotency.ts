// The idempotency repository (L4): one winner per (entity, key) under contention; replays; scoping; leases; purging.

import { describe, expect, it } from 'vitest';
import { all, type ContractContext, id, newEntity, T0 } from './fixtures.js';

/** expiredBefore for claims that must not see any key as expired. */
const NONE_EXPIRED = 0;

/** The relay holding the claims of these tests, with a lease that outlives every test moment. */
const HOLDER = { owner: 'relay-a', leaseUntil: T0 + 3_600_000 };

const answer = (entityId: string, key: string, statusCode: number, body: string, claimedAt = T0) => ({ entityId, key, owner: HOLDER.owner, claimedAt, statusCode, body });

export function idempotencyContract(ctx: () => ContractContext): void {
  describe('idempotency repository', () => {
    it('of 50 parallel claims of one key exactly one is claimed, the others see it in progress', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const results = await all(Array.from({ length: 50 }, () => () => store.idempotency.claim(entityId, 'k-1', 'h1', T0, NONE_EXPIRED, HOLDER)));
      expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'in-progress')).toHaveLength(49);
    });

    it('replays the stored answer once done, and rejects other parameters under the same key', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      expect(await store.idempotency.claim(entityId, 'k', 'h1', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'claimed' });
      expect(await store.idempotency.claim(entityId, 'k', 'h2', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'mismatch' });
      await store.idempotency.complete(answer(entityId, 'k', 201, '{"ok":true}'));
      expect(await store.idempotency.claim(entityId, 'k', 'h1', T0 + 1, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'done', statusCode: 201, body: '{"ok":true}' });
      expect(await store.idempotency.claim(entityId, 'k', 'h2', T0 + 1, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'mismatch' });
    });

    it("treats another entity's identical key as a different key", async () => {
      const { store } = ctx();
      const a = await newEntity(store);
      const b = await newEntity(store);
      expect((await store.idempotency.claim(a, 'shared', 'h', T0, NONE_EXPIRED, HOLDER)).kind).toBe('claimed');
      await store.idempotency.complete(answer(a, 'shared', 200, 'secret of a'));
      expect(await store.idempotency.claim(b, 'shared', 'h', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'claimed' });
      expect(await store.idempotency.claim(b, 'shared', 'h', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'in-progress', leaseUntil: HOLDER.leaseUntil });
    });

    it('releases an unfinished claim so a retry runs, but never a stored answer', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.idempotency.claim(entityId, 'r', 'h', T0, NONE_EXPIRED, HOLDER);
      await store.idempotency.release({ entityId, key: 'r', owner: HOLDER.owner, createdAt: T0 });
      expect(await store.idempotency.claim(entityId, 'r', 'h2', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'claimed' });
      await store.idempotency.complete(answer(entityId, 'r', 400, 'no'));
      await store.idempotency.release({ entityId, key: 'r', owner: HOLDER.owner, createdAt: T0 });
      expect(await store.idempotency.claim(entityId, 'r', 'h2', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'done', statusCode: 400, body: 'no' });
    });

    it('claims an expired key as unused, once among parallel claims, whether it held an answer or a stuck claim', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const ttl = 1_000;
      await store.idempotency.claim(entityId, 'stuck', 'h', T0, T0 - ttl, HOLDER); // never completed
      await store.idempotency.claim(entityId, 'answered', 'h', T0, T0 - ttl, HOLDER);
      await store.idempotency.complete(answer(entityId, 'answered', 200, 'old answer'));
      const before = T0 + ttl - 1;
      expect(await store.idempotency.claim(entityId, 'stuck', 'h', before, before - ttl, HOLDER)).toEqual({ kind: 'in-progress', leaseUntil: HOLDER.leaseUntil });
      expect((await store.idempotency.claim(entityId, 'answered', 'h2', before, before - ttl, HOLDER)).kind).toBe('mismatch');
      const after = T0 + ttl + 1;
      const results = await all(Array.from({ length: 20 }, () => () => store.idempotency.claim(entityId, 'stuck', 'h2', after, after - ttl, HOLDER)));
      expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'in-progress')).toHaveLength(19);
      expect(await store.idempotency.claim(entityId, 'answered', 'h2', after, after - ttl, HOLDER)).toEqual({ kind: 'claimed' });
    });

    it('finds claims in doubt: lease expired, or held by the asking relay itself; never a live claim of another relay', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const at = 10_000_000 + Math.floor(Math.random() * 1_000_000);
      const mine = `mine-${id()}`;
      const theirsLive = `live-${id()}`;
      const theirsExpired = `expired-${id()}`;
      await store.idempotency.claim(entityId, mine, 'h', at, NONE_EXPIRED, { owner: 'relay-a', leaseUntil: at + 60_000 });
      await store.idempotency.claim(entityId, theirsLive, 'h', at, NONE_EXPIRED, { owner: 'relay-b', leaseUntil: at + 60_000 });
      await store.idempotency.claim(entityId, theirsExpired, 'h', at, NONE_EXPIRED, { owner: 'relay-b', leaseUntil: at + 1_000 });
      const found = (await store.idempotency.inDoubt(at + 2_000, 'relay-a', 1_000)).filter((c) => c.entityId === entityId);
      expect(found.map((c) => c.key).sort()).toEqual([theirsExpired, mine].sort());
      const ofB = (await store.idempotency.inDoubt(at + 2_000, 'relay-b', 1_000)).filter((c) => c.entityId === entityId);
      expect(ofB.map((c) => c.key).sort()).toEqual([theirsLive, theirsExpired].sort());
      // Asked by no restarting relay (the periodic job): expired leases only.
      const expiredOnly = (await store.idempotency.inDoubt(at + 2_000, null, 1_000)).filter((c) => c.entityId === entityId);
      expect(expiredOnly.map((c) => c.key)).toEqual([theirsExpired]);
      // A claim is released only if it is still exactly the claim found.
      const expired = found.find((c) => c.key === theirsExpired);
      if (!expired) throw new Error('not found');
      expect(await store.idempotency.release({ ...expired, createdAt: expired.createdAt + 1 })).toBe(false);
      expect(await store.idempotency.release(expired)).toBe(true);
      expect(await store.idempotency.release(expired)).toBe(false);
      expect(await store.idempotency.claim(entityId, theirsExpired, 'h', at + 3_000, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'claimed' });
    });

    it("writes a claim's answer only for the relay that holds it", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      await store.idempotency.claim(entityId, 'held', 'h', T0, NONE_EXPIRED, HOLDER);
      await store.idempotency.complete({ entityId, key: 'held', owner: 'relay-b', claimedAt: T0, statusCode: 200, body: 'not mine' });
      // The same owner's later claim of the key is another claim: an answer of the earlier one is not its.
      await store.idempotency.complete({ entityId, key: 'held', owner: HOLDER.owner, claimedAt: T0 - 1, statusCode: 200, body: 'an earlier claim' });
      expect(await store.idempotency.claim(entityId, 'held', 'h', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'in-progress', leaseUntil: HOLDER.leaseUntil });
    });

    it('purges keys older than the cut-off only', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const old = `old-${id()}`;
      const fresh = `fresh-${id()}`;
      // Far in the past so keys of the other tests (created at T0) are not counted.
      await store.idempotency.claim(entityId, old, 'h', 1_000, NONE_EXPIRED, HOLDER);
      await store.idempotency.claim(entityId, fresh, 'h', 3_000, NONE_EXPIRED, HOLDER);
      expect(await store.idempotency.purge(2_000)).toBe(1);
      expect(await store.idempotency.claim(entityId, old, 'h', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'claimed' });
      expect(await store.idempotency.claim(entityId, fresh, 'h', T0, NONE_EXPIRED, HOLDER)).toEqual({ kind: 'in-progress', leaseUntil: HOLDER.leaseUntil });
    });
  });
}
