// The back office's sessions: found only while they live (idle and absolute limits on the
// caller's clock), touched at most once per touchEveryMs, ended one by one or all of a user's.

import { describe, expect, it } from 'vitest';
import type { BackofficeSessionRecord, SessionLimits } from '../../../src/domain/backoffice-sessions.js';
import { type ContractContext, HOUR, id, T0 } from './fixtures.js';
import { newMerchant, userRecord } from './people-fixtures.js';
import type { Store } from '../../../src/storage/store.js';

const MINUTE = 60_000;
const LIMITS: SessionLimits = { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR, touchEveryMs: MINUTE };

async function newUser(store: Store): Promise<{ merchantId: string; userId: string }> {
  const merchantId = await newMerchant(store);
  const user = userRecord(merchantId, { status: 'active' });
  await store.users.insert(user);
  return { merchantId, userId: user.id };
}

function sessionRecord(owner: { merchantId: string; userId: string }, over: Partial<BackofficeSessionRecord> = {}): BackofficeSessionRecord {
  return { id: id() + id(), userId: owner.userId, merchantId: owner.merchantId, csrfToken: id(), createdAt: T0, lastSeenAt: T0, absoluteExpiresAt: T0 + LIMITS.absoluteMs, address: '203.0.113.9', ...over };
}

export function backofficeSessionsContract(ctx: () => ContractContext): void {
  describe('back office sessions repository', () => {
    it('stores a session and finds it by id while it lives', async () => {
      const { store } = ctx();
      const s = sessionRecord(await newUser(store));
      await store.sessions.insert(s);
      expect(await store.sessions.findLive(s.id, T0 + MINUTE, LIMITS)).toEqual(s);
      expect(await store.sessions.findLive(id(), T0, LIMITS)).toBeUndefined();
    });

    it('ends a session idle for the idle limit, and one past its absolute end however used', async () => {
      const { store } = ctx();
      const owner = await newUser(store);
      const idle = sessionRecord(owner);
      await store.sessions.insert(idle);
      expect(await store.sessions.findLive(idle.id, T0 + LIMITS.idleMs - 1, LIMITS)).toBeDefined();
      expect(await store.sessions.findLive(idle.id, T0 + LIMITS.idleMs, LIMITS)).toBeUndefined();

      const busy = sessionRecord(owner, { lastSeenAt: T0 + LIMITS.absoluteMs - MINUTE });
      await store.sessions.insert(busy);
      expect(await store.sessions.findLive(busy.id, T0 + LIMITS.absoluteMs - 1, LIMITS)).toBeDefined();
      expect(await store.sessions.findLive(busy.id, T0 + LIMITS.absoluteMs, LIMITS)).toBeUndefined();
    });

    it('moves last_seen_at only when it is a minute or more behind, and never revives an ended session', async () => {
      const { store } = ctx();
      const s = sessionRecord(await newUser(store));
      await store.sessions.insert(s);
      expect(await store.sessions.touch(s.id, T0 + MINUTE - 1, LIMITS)).toBe(false);
      expect((await store.sessions.findLive(s.id, T0 + MINUTE - 1, LIMITS))?.lastSeenAt).toBe(T0);
      expect(await store.sessions.touch(s.id, T0 + MINUTE, LIMITS)).toBe(true);
      expect((await store.sessions.findLive(s.id, T0 + MINUTE, LIMITS))?.lastSeenAt).toBe(T0 + MINUTE);
      // Kept alive by the touch past the first idle limit.
      expect(await store.sessions.findLive(s.id, T0 + LIMITS.idleMs + 1, LIMITS)).toBeDefined();
      expect(await store.sessions.touch(s.id, T0 + MINUTE + LIMITS.idleMs, LIMITS)).toBe(false);
      expect(await store.sessions.findLive(s.id, T0 + MINUTE + LIMITS.idleMs, LIMITS)).toBeUndefined();
    });

    it('deletes one session, or every session of one user and no other', async () => {
      const { store } = ctx();
      const ann = await newUser(store);
      const bob = await newUser(store);
      const [a1, a2, b1] = [sessionRecord(ann), sessionRecord(ann), sessionRecord(bob)];
      for (const s of [a1, a2, b1]) await store.sessions.insert(s);
      await store.sessions.delete(a1.id);
      expect(await store.sessions.findLive(a1.id, T0, LIMITS)).toBeUndefined();
      expect(await store.sessions.findLive(a2.id, T0, LIMITS)).toBeDefined();
      const a3 = sessionRecord(ann);
      await store.sessions.insert(a3);
      expect(await store.sessions.deleteOfUser(ann.userId)).toBe(2);
      expect(await store.sessions.findLive(a3.id, T0, LIMITS)).toBeUndefined();
      expect(await store.sessions.findLive(b1.id, T0, LIMITS)).toEqual(b1);
    });

    it('removes the rows of ended sessions only', async () => {
      const { store } = ctx();
      const owner = await newUser(store);
      const far = T0 + 1000 * HOUR;
      const ended = sessionRecord(owner, { createdAt: far - 13 * HOUR, lastSeenAt: far - LIMITS.idleMs, absoluteExpiresAt: far + HOUR });
      const living = sessionRecord(owner, { createdAt: far - HOUR, lastSeenAt: far - MINUTE, absoluteExpiresAt: far + 11 * HOUR });
      await store.sessions.insert(ended);
      await store.sessions.insert(living);
      expect(await store.sessions.deleteEnded(far, LIMITS)).toBeGreaterThanOrEqual(1);
      expect(await store.sessions.findLive(living.id, far, LIMITS)).toEqual(living);
      expect(await store.sessions.findLive(ended.id, far - LIMITS.idleMs, LIMITS)).toBeUndefined();
    });
  });
}
