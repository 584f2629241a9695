// A change of a user (role, channels, status, password, second factor) with the audit row that
// tells of it, values before and after, in one group-commit batch. Several fields changed as one
// act (a second factor's reset clears its secret, last step and recovery codes) are one change
// with one audit row, each field guarded. The change is guarded by the
// value the caller read: when it no longer holds (or the user is not the merchant's), the batch
// is rolled back and no audit row tells of a change that did not happen.

import type { EpochMs } from '../../domain/records.js';
import type { AuditValues } from '../../domain/users.js';
import { mustChangeOneRow } from '../guarded-query.js';
import type { UserChange } from '../repositories/users.js';
import type { Store } from '../store.js';

/** The user's field no longer held what the caller read (or no other owner remains); never leaves writeUserChange. */
class UserChangedMeanwhile extends Error {}

export interface UserChangeWrite {
  merchantId: string;
  /** The user changed. */
  userId: string;
  /** One field, or several changed together (all or none land, told by one audit row). */
  change: UserChange | readonly UserChange[];
  now: EpochMs;
  /**
   * Set when the change takes an owner's role or activity away: it is then written only while the
   * merchant keeps another active owner (false, nothing written, when it would not).
   */
  keepAnotherOwner?: boolean;
  /**
   * Ends every session of the user in the same batch, only if the change lands. By default it does
   * when the change takes away or alters what the user may do (a deactivation, another role, other
   * channels): a session never outlives a change of its person's privileges, so they sign in again
   * and get a new session id, whoever made the change (the back office or the command line).
   */
  endSessions?: boolean;
  /** Who changed it (null: the relay or its command line), from where, and the audit's action name. */
  by: { userId: string | null; address: string | null; action: string; auditId: string };
}

/** Secrets are never written to the audit log: only whether one is set. */
function audited(change: UserChange, value: UserChange['from']): AuditValues {
  if (change.field === 'passwordHash') return { password: value !== null };
  if (change.field === 'totpSecret') return { secondFactor: value !== null };
  if (change.field === 'recoveryCodeHashes') return { recoveryCodes: value === null ? 0 : (value as readonly string[]).length };
  return { [change.field]: value };
}

/** Whether the changes alter what the user may do: their role, their channels, or a deactivation. */
function changesPrivileges(changes: readonly UserChange[]): boolean {
  return changes.some((c) => c.field === 'role' || c.field === 'channelIds' || (c.field === 'status' && c.to === 'deactivated'));
}

/** True when the change and its audit row were written; false (nothing written) when the guard failed. */
export async function writeUserChange(store: Store, w: UserChangeWrite): Promise<boolean> {
  const changes: readonly UserChange[] = Array.isArray(w.change) ? w.change : [w.change as UserChange];
  const ownerGuard = w.keepAnotherOwner
    ? [store.merchants.lockStatement(w.merchantId), mustChangeOneRow(store.users.otherActiveOwnerStatement(w.merchantId, w.userId), () => new UserChangedMeanwhile())]
    : [];
  const statements = [
    ...ownerGuard,
    ...changes.map((change) => mustChangeOneRow(store.users.changeStatement(w.merchantId, w.userId, change, w.now), () => new UserChangedMeanwhile())),
    store.audit.appendStatement({
      id: w.by.auditId,
      merchantId: w.merchantId,
      userId: w.by.userId,
      at: w.now,
      address: w.by.address,
      action: w.by.action,
      target: w.userId,
      before: Object.assign({}, ...changes.map((change) => audited(change, change.from))) as AuditValues,
      after: Object.assign({}, ...changes.map((change) => audited(change, change.to))) as AuditValues,
    }),
    ...((w.endSessions ?? changesPrivileges(changes)) ? [store.sessions.deleteOfUserStatement(w.userId)] : []),
  ];
  try {
    await store.writeTogether(statements);
    return true;
  } catch (error) {
    if (error instanceof UserChangedMeanwhile) return false;
    throw error;
  }
}
