// A rotation of the merchant's webhook secret (webhooks/merchant-secret.ts): the new secret,
// sealed, waits for its switch time, with the audit row, in one transaction. A rotation whose
// switch time has passed is first made the merchant's secret (the relay seals with it already);
// one still in its overlap is replaced: its secret never sealed a notification.

import type { EpochMs } from '../../domain/records.js';
import type { AuditEntry } from '../../domain/users.js';
import type { Store } from '../store.js';

/** Reads and replacements of the merchant's secret before giving up (each retry means another writer moved on). */
const REPLACE_TRIES = 3;

export interface SecretRotationWrite {
  merchantId: string;
  sealedSecret: string;
  switchAt: EpochMs;
  now: EpochMs;
  /** The audit row, told whether a rotation still in its overlap was replaced. */
  audit: (replacedPending: boolean) => AuditEntry;
}

export function writeSecretRotation(store: Store, w: SecretRotationWrite): Promise<void> {
  return store.transaction(async (tx) => {
    const previous = await tx.webhooks.findSecretRotation(w.merchantId);
    if (previous !== undefined && previous.switchAt <= w.now) {
      // The re-sealing under a new card key (app/reseal.ts) may rewrite the merchant's secret (the
      // same secret, sealed anew) between the read and the replacement: read it again, never lose
      // the switch.
      for (let tries = 1; ; tries++) {
        const merchant = await tx.merchants.find(w.merchantId);
        if (!merchant) throw new Error(`no merchant ${w.merchantId}`);
        if (await tx.merchants.replaceWebhookSecret(w.merchantId, merchant.webhookSecret, previous.sealedSecret)) break;
        if (tries >= REPLACE_TRIES) throw new Error(`the webhook secret of merchant ${w.merchantId} changed ${REPLACE_TRIES} times while being replaced`);
      }
    }
    await tx.webhooks.putSecretRotation({ merchantId: w.merchantId, sealedSecret: w.sealedSecret, switchAt: w.switchAt, createdAt: w.now });
    await tx.audit.append(w.audit(previous !== undefined && previous.switchAt > w.now));
  });
}
