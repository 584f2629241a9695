// A change of a channel's (entity's) settings with the audit row that tells of it, in one batch,
// guarded by the settings the caller read: when another change landed meanwhile, nothing is written
// and no audit row tells of a change that did not happen.

import type { EntitySettings } from '../../domain/records.js';
import type { AuditEntry } from '../../domain/users.js';
import { mustChangeOneRow } from '../guarded-query.js';
import type { Store } from '../store.js';

/** The settings no longer were those read; never leaves writeEntitySettings. */
class EntitySettingsChangedMeanwhile extends Error {}

export interface EntitySettingsWrite {
  entityId: string;
  /** The settings as read: the guard. */
  read: EntitySettings;
  next: EntitySettings;
  /** The audit row; its before and after are the caller's (settings hold no secret). */
  audit: AuditEntry;
}

/** True when the settings and the audit row were written; false (nothing written) when the guard failed. */
export async function writeEntitySettings(store: Store, w: EntitySettingsWrite): Promise<boolean> {
  try {
    await store.writeTogether([
      mustChangeOneRow(store.entities.updateSettingsStatement(w.entityId, w.next, w.read), () => new EntitySettingsChangedMeanwhile()),
      store.audit.appendStatement(w.audit),
    ]);
    return true;
  } catch (error) {
    if (error instanceof EntitySettingsChangedMeanwhile) return false;
    throw error;
  }
}
