// writeUserInvite: the user, its invitation and the audit row, all three or none.

import { describe, expect, it } from 'vitest';
import { writeUserInvite } from '../../../../src/storage/writes/index.js';
import { type ContractContext, HOUR, T0 } from '../fixtures.js';
import { auditEntry, invitationRecord, newMerchant, userRecord } from '../people-fixtures.js';

export function writeUserInviteContract(ctx: () => ContractContext): void {
  describe('writeUserInvite', () => {
    it('writes the user, its invitation and the audit row together', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const user = userRecord(merchantId, { email: 'dana@shop.example', role: 'finance' });
      const invitation = invitationRecord(user.id);
      const audit = auditEntry(merchantId, { action: 'user.invite', target: user.id, after: { email: user.email, role: 'finance' } });
      await writeUserInvite(store, { user, invitation, audit });
      expect(await store.users.find(merchantId, user.id)).toEqual(user);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([audit]);
      expect(await store.users.takeInvitation(invitation.tokenHash, T0 + HOUR)).toEqual(user);
    });

    it('writes nothing when the address is taken, whatever its case', async () => {
      const { store } = ctx();
      const merchantId = await newMerchant(store);
      const first = userRecord(merchantId, { email: 'erin@shop.example' });
      await writeUserInvite(store, { user: first, invitation: invitationRecord(first.id), audit: auditEntry(merchantId, { target: first.id }) });
      const second = userRecord(merchantId, { email: 'ERIN@shop.example' });
      const invitation = invitationRecord(second.id);
      await expect(writeUserInvite(store, { user: second, invitation, audit: auditEntry(merchantId, { target: second.id }) })).rejects.toThrow();
      expect(await store.users.find(merchantId, second.id)).toBeUndefined();
      expect(await store.users.takeInvitation(invitation.tokenHash, T0)).toBeUndefined();
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries.map((e) => e.target)).toEqual([first.id]);
    });
  });
}
