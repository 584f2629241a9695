// An invitation accepted: the invitation taken, the invited person's password set and their status
// made active, with the audit row that tells of it, in one group-commit batch. The take is the
// guard: of two accepts of one link (on any relays) one writes, and the other writes nothing, not
// even its password.

import type { EpochMs } from '../../domain/records.js';
import type { AuditEntry, UserRecord } from '../../domain/users.js';
import { mustChangeOneRow } from '../guarded-query.js';
import type { Store } from '../store.js';

/** The invitation was used, expired or the user changed meanwhile; never leaves writeInvitationAccept. */
class InvitationGone extends Error {}

export interface InvitationAcceptWrite {
  tokenHash: string;
  /** The invited user as read with the invitation (status invited, no password). */
  user: UserRecord;
  passwordHash: string;
  now: EpochMs;
  audit: AuditEntry;
}

/** True when the invitation was taken and the person activated; false (nothing written) otherwise. */
export async function writeInvitationAccept(store: Store, w: InvitationAcceptWrite): Promise<boolean> {
  const gone = () => new InvitationGone();
  const { merchantId, id } = w.user;
  try {
    await store.writeTogether([
      mustChangeOneRow(store.users.takeInvitationStatement(w.tokenHash, w.now), gone),
      mustChangeOneRow(store.users.changeStatement(merchantId, id, { field: 'passwordHash', from: w.user.passwordHash, to: w.passwordHash }, w.now), gone),
      mustChangeOneRow(store.users.changeStatement(merchantId, id, { field: 'status', from: w.user.status, to: 'active' }, w.now), gone),
      store.audit.appendStatement(w.audit),
    ]);
    return true;
  } catch (error) {
    if (error instanceof InvitationGone) return false;
    throw error;
  }
}
