// A session ends (sign out), or every session of a person (sign out everywhere), with the audit row
// that tells of it, in one group-commit batch.

import type { AuditEntry } from '../../domain/users.js';
import type { Store } from '../store.js';

export interface SessionEndWrite {
  /** One session by its id, or every session of a user. */
  end: { session: string } | { user: string };
  audit: AuditEntry;
}

export function writeSessionEnd(store: Store, w: SessionEndWrite): Promise<void> {
  const ending = 'session' in w.end ? store.sessions.deleteStatement(w.end.session) : store.sessions.deleteOfUserStatement(w.end.user);
  return store.writeTogether([ending, store.audit.appendStatement(w.audit)]);
}
