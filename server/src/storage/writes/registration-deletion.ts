// A stored card's deletion: the registration wiped, its schedules cancelled (a schedule cannot
// charge a card that is gone) and the events that tell of it, in one transaction; with
// `alongside` (the back office's audit row) in the same one, written only when the deletion is.

import type { CompiledQuery } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { Store } from '../store.js';
import { atomically } from './atomically.js';
import { outboxStatements } from './outbox.js';

/** False (nothing written) when absent or already deleted. */
export function writeRegistrationDeletion(store: Store, entityId: string, id: string, now: EpochMs, events: readonly WebhookEvent[] = [], alongside: readonly CompiledQuery[] = []): Promise<boolean> {
  return atomically(store, async (tx) => {
    if (!(await tx.registrations.markDeleted(entityId, id, now))) return false;
    await tx.schedules.cancelOfRegistration(entityId, id, now);
    await tx.writeTogether([...outboxStatements(tx, undefined, undefined, events), ...alongside]);
    return true;
  });
}
