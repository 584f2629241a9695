// An invitation: the new user, its one-time invitation and the audit row that tells of it, in one
// group-commit batch, so there is never a user without its invitation nor an invitation unaudited.

import type { AuditEntry, UserInvitationRecord, UserRecord } from '../../domain/users.js';
import type { Store } from '../store.js';

export interface UserInviteWrite {
  user: UserRecord;
  invitation: UserInvitationRecord;
  audit: AuditEntry;
}

/** Rejects (and writes nothing) when the merchant already has a user with this address. */
export function writeUserInvite(store: Store, w: UserInviteWrite): Promise<void> {
  return store.writeTogether([store.users.insertStatement(w.user), store.users.insertInvitationStatement(w.invitation), store.audit.appendStatement(w.audit)]);
}
