// A new stored card with its parts (the claim's answer, jobs, events), in one group-commit batch.

import type { RegistrationRecord } from '../../domain/records.js';
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { JobRecord } from '../../domain/job.js';
import type { ClaimAnswer } from '../repositories/index.js';
import type { Store } from '../store.js';
import { outboxStatements } from './outbox.js';

/** What a new stored card brings along, in its own transaction. */
export interface NewRegistrationParts {
  answer?: ClaimAnswer;
  jobs?: readonly JobRecord[];
  events?: readonly WebhookEvent[];
}

export function writeRegistration(store: Store, r: RegistrationRecord, parts: NewRegistrationParts = {}): Promise<void> {
  return store.writeTogether([store.registrations.insertStatement(r), ...outboxStatements(store, parts.answer, parts.jobs, parts.events)]);
}
