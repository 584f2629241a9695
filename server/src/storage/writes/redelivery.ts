// A redelivery: deliveries back to pending with a new round of the ladder, and a new job each,
// in one transaction. A delivery still pending is left alone (it is on its way).

import type { EpochMs } from '../../domain/records.js';
import type { Store } from '../store.js';
import { deliveryJob, type RedeliverySelection } from '../webhooks.js';

/** Deliveries requeued per statement: the ids go in as bound parameters of one IN list. */
const CHUNK = 500;

/** The deliveries queued again. */
export function writeRedelivery(store: Store, selection: RedeliverySelection, now: EpochMs): Promise<string[]> {
  return store.transaction(async (tx) => {
    const ids = await tx.webhooks.redeliverable(selection);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      await tx.webhooks.requeue(chunk, now);
      await tx.jobs.enqueue(chunk.map((deliveryId) => deliveryJob(deliveryId, selection.endpointId, now)));
    }
    return ids;
  });
}
