// A change of a merchant's back office settings with the audit row that tells of it (values before
// and after), in one batch, guarded by the settings the caller read: when they changed meanwhile,
// nothing is written and no audit row tells of a change that did not happen.

import type { MerchantSettingsRecord } from '../../domain/merchant-settings.js';
import type { EpochMs } from '../../domain/records.js';
import type { AuditEntry } from '../../domain/users.js';
import { mustChangeOneRow } from '../guarded-query.js';
import type { Store } from '../store.js';

/** The settings no longer were those read; never leaves writeMerchantSettings. */
class SettingsChangedMeanwhile extends Error {}

export interface MerchantSettingsWrite {
  /** The settings as read (their updatedAt is the guard). */
  read: MerchantSettingsRecord;
  next: MerchantSettingsRecord & { updatedAt: EpochMs };
  /** The audit row; its before and after are the caller's (settings hold no secret). */
  audit: AuditEntry;
}

/** True when the settings and the audit row were written; false (nothing written) when the guard failed. */
export async function writeMerchantSettings(store: Store, w: MerchantSettingsWrite): Promise<boolean> {
  try {
    await store.writeTogether([mustChangeOneRow(store.merchantSettings.putStatement(w.next, w.read.updatedAt), () => new SettingsChangedMeanwhile()), store.audit.appendStatement(w.audit)]);
    return true;
  } catch (error) {
    if (error instanceof SettingsChangedMeanwhile) return false;
    throw error;
  }
}
