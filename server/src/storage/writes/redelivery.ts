// A redelivery: deliveries back to pending with a new round of the ladder, and a new job each,
// in one transaction. A delivery still pending is left alone (it is on its way).

import type { EpochMs } from '../../domain/records.js';
import type { AuditEntry } from '../../domain/users.js';
import type { Store } from '../store.js';
import { deliveryJob, type RedeliverySelection } from '../webhooks.js';

/** Deliveries requeued per statement: the ids go in as bound parameters of one IN list. */
const CHUNK = 500;

/** The deliveries queued again; with `audit`, the row of the person who asked (told how many), in the same transaction. */
export function writeRedelivery(store: Store, selection: RedeliverySelection, now: EpochMs, audit?: (queued: number) => AuditEntry): Promise<string[]> {
  return store.transaction(async (tx) => {
    const ids = await tx.webhooks.redeliverable(selection);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      await tx.webhooks.requeue(chunk, now);
      await tx.jobs.enqueue(chunk.map((deliveryId) => deliveryJob(deliveryId, selection.endpointId, now, selection.requestId)));
    }
    if (audit) await tx.audit.append(audit(ids.length));
    return ids;
  });
}

/**
 * A payment's notifications sent again: every finished delivery of the events its records told
 * of, back to pending with a job each, and the audit row of the person who asked (told how many
 * were queued), in one transaction.
 */
export function writeRecordsRedelivery(store: Store, w: { entityId: string; recordIds: readonly string[]; now: EpochMs; audit: (queued: number) => AuditEntry; requestId?: string }): Promise<number> {
  return store.transaction(async (tx) => {
    const deliveries = await tx.webhooks.redeliverableOfRecords(w.entityId, w.recordIds);
    for (let i = 0; i < deliveries.length; i += CHUNK) {
      const chunk = deliveries.slice(i, i + CHUNK);
      await tx.webhooks.requeue(
        chunk.map((d) => d.id),
        w.now,
      );
      await tx.jobs.enqueue(chunk.map((d) => deliveryJob(d.id, d.endpointId, w.now, w.requestId)));
    }
    await tx.audit.append(w.audit(deliveries.length));
    return deliveries.length;
  });
}
