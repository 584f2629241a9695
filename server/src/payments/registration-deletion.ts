// Deleting a stored card, as DELETE /v1/registrations/:id does it and the back office asks for it:
// the registration wiped, its schedules cancelled and registrationDeleted told to the merchant's
// webhooks, in one transaction (storage/writes/registration-deletion.ts). `alongside` adds
// statements to that transaction (the back office's audit row), written only when it deletes.

import type { CompiledQuery } from 'kysely';
import type { RegistrationRecord } from '../domain/records.js';
import type { RelayContext } from '../flows/context.js';
import { writeRegistrationDeletion } from '../storage/writes/index.js';
import { registrationEvent } from '../webhooks/events.js';

/** False (nothing written) when it was deleted meanwhile. */
export function deleteRegistration(ctx: RelayContext, registration: RegistrationRecord, now: number, alongside: readonly CompiledQuery[] = []): Promise<boolean> {
  const events = [registrationEvent(ctx, 'registrationDeleted', registration, registration.responseJson)];
  return writeRegistrationDeletion(ctx.store, registration.entityId, registration.id, now, events, alongside);
}
