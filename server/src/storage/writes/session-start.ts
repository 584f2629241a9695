// A session begins (a sign-in, or a new id when the person's privileges or credentials change)
// with the audit row that tells of it, in one group-commit batch: there is never a session whose
// sign-in the audit log does not show. The session it replaces, when there is one, ends in the same
// batch, so the old id and the new one never both live.

import type { BackofficeSessionRecord } from '../../domain/backoffice-sessions.js';
import type { AuditEntry } from '../../domain/users.js';
import type { Store } from '../store.js';

export interface SessionStartWrite {
  session: BackofficeSessionRecord;
  audit: AuditEntry;
  /** The id of a session this one replaces (rotation, or a sign-in over an older session): deleted. */
  replaces?: string;
}

export function writeSessionStart(store: Store, w: SessionStartWrite): Promise<void> {
  return store.writeTogether([
    ...(w.replaces !== undefined ? [store.sessions.deleteStatement(w.replaces)] : []),
    store.sessions.insertStatement(w.session),
    store.audit.appendStatement(w.audit),
  ]);
}
