// writeInvitationAccept: the invitation taken, the password set, the person active and the audit
// row, all four or none; of two accepts of one link, one writes.

import { describe, expect, it } from 'vitest';
import { writeInvitationAccept } from '../../../../src/storage/writes/index.js';
import { all, type ContractContext, HOUR, T0 } from '../fixtures.js';
import { auditEntry, invitationRecord, newMerchant, userRecord } from '../people-fixtures.js';

export function writeInvitationAcceptContract(ctx: () => ContractContext): void {
  describe('writeInvitationAccept', () => {
    it('takes the invitation, sets the password, activates the person and audits it together', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const user = userRecord(merchantId);
      const invitation = invitationRecord(user.id);
      await store.users.insert(user);
      await store.users.insertInvitation(invitation);
      const audit = auditEntry(merchantId, { userId: user.id, action: 'user.acceptInvitation', target: user.id });
      expect(await writeInvitationAccept(store, { tokenHash: invitation.tokenHash, user, passwordHash: 'h1', now: T0 + HOUR, audit })).toBe(true);
      expect(await store.users.find(merchantId, user.id)).toMatchObject({ passwordHash: 'h1', status: 'active', updatedAt: T0 + HOUR });
      expect(await store.users.findInvitation(invitation.tokenHash, T0 + HOUR)).toBeUndefined();
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([audit]);
    });

    it('writes nothing for an expired invitation, and one of two accepts at once', async () => {
      const { store, harness } = ctx();
      const other = harness.parallelStores ? await harness.open() : store;
      try {
        const merchantId = await newMerchant(store);
        const user = userRecord(merchantId);
        const invitation = invitationRecord(user.id, { expiresAt: T0 + HOUR });
        await store.users.insert(user);
        await store.users.insertInvitation(invitation);
        const accept = (on: typeof store, passwordHash: string, now: number) =>
          writeInvitationAccept(on, { tokenHash: invitation.tokenHash, user, passwordHash, now, audit: auditEntry(merchantId, { target: user.id }) });
        expect(await accept(store, 'late', T0 + HOUR)).toBe(false);
        expect(await store.users.find(merchantId, user.id)).toEqual(user);
        expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([]);
        const results = await all([() => accept(store, 'a', T0), () => accept(other, 'b', T0)]);
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = results[0] ? 'a' : 'b';
        expect(await store.users.find(merchantId, user.id)).toMatchObject({ passwordHash: winner, status: 'active' });
        expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toHaveLength(1);
      } finally {
        if (other !== store) await other.close();
      }
    });
  });
}
