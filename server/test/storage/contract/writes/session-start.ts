// writeSessionStart: the session, its audit row, and the end of the session it replaces, all or none.

import { describe, expect, it } from 'vitest';
import { SESSION_LIMITS } from '../../../../src/domain/backoffice-sessions.js';
import { writeSessionStart } from '../../../../src/storage/writes/index.js';
import { type ContractContext, id, T0 } from '../fixtures.js';
import { auditEntry, newMerchant, userRecord } from '../people-fixtures.js';

export function writeSessionStartContract(ctx: () => ContractContext): void {
  describe('writeSessionStart', () => {
    it('writes the session with its audit row, and ends the session it replaces', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const user = userRecord(merchantId, { status: 'active' });
      await store.users.insert(user);
      const session = (sid: string) => ({ id: sid, userId: user.id, merchantId, csrfToken: id(), createdAt: T0, lastSeenAt: T0, absoluteExpiresAt: T0 + SESSION_LIMITS.absoluteMs, address: null });
      const first = session(id() + id());
      const signIn = auditEntry(merchantId, { userId: user.id, action: 'signIn', target: user.id });
      await writeSessionStart(store, { session: first, audit: signIn });
      expect(await store.sessions.findLive(first.id, T0, SESSION_LIMITS)).toEqual(first);

      const second = session(id() + id());
      const rotation = auditEntry(merchantId, { userId: user.id, action: 'session.rotate', target: user.id, at: T0 + 1 });
      await writeSessionStart(store, { session: second, audit: rotation, replaces: first.id });
      expect(await store.sessions.findLive(first.id, T0, SESSION_LIMITS)).toBeUndefined();
      expect(await store.sessions.findLive(second.id, T0, SESSION_LIMITS)).toEqual(second);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([rotation, signIn]);

      // A session id taken already: nothing written, the replaced session still there.
      await expect(writeSessionStart(store, { session: second, audit: auditEntry(merchantId, { action: 'signIn' }), replaces: second.id + 'x' })).rejects.toThrow();
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toHaveLength(2);
    });
  });
}
