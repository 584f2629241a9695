// A webhook endpoint's changes (webhooks/service.ts) with the audit row of the person who made
// them, when a person did (the back office): both in one transaction, so an endpoint never changes
// without its row and no row tells of a change that did not happen. The merchant API and the
// command line write the same changes with no row.

import type { EpochMs } from '../../domain/records.js';
import type { AuditEntry } from '../../domain/users.js';
import type { WebhookEndpoint } from '../../domain/webhooks.js';
import type { Store } from '../store.js';
import type { EndpointChange } from '../webhooks.js';

export async function writeEndpointInsert(store: Store, endpoint: WebhookEndpoint, audit: AuditEntry | undefined): Promise<void> {
  if (audit === undefined) return store.webhooks.insertEndpoint(endpoint);
  await store.transaction(async (tx) => {
    await tx.webhooks.insertEndpoint(endpoint);
    await tx.audit.append(audit);
  });
}

/** True when the endpoint (not removed) was changed; its audit row is written only then. */
export function writeEndpointChange(store: Store, w: { entityId: string; id: string; change: EndpointChange; now: EpochMs }, audit: AuditEntry | undefined): Promise<boolean> {
  if (audit === undefined) return store.webhooks.updateEndpoint(w.entityId, w.id, w.change, w.now);
  return store.transaction(async (tx) => {
    const changed = await tx.webhooks.updateEndpoint(w.entityId, w.id, w.change, w.now);
    if (changed) await tx.audit.append(audit);
    return changed;
  });
}
