// What follows an effect in its transaction or batch: its idempotency claim's answer, the jobs it
// queues and the webhook events it tells of (the outbox). The answer's statement is guarded: a
// claim lost meanwhile fails the whole write (ClaimLostError).

import type { CompiledQuery } from 'kysely';
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { JobRecord } from '../../domain/job.js';
import type { ClaimAnswer, Repositories } from '../repositories/index.js';

export function outboxStatements(r: Repositories, answer: ClaimAnswer | undefined, jobs: readonly JobRecord[] | undefined, events?: readonly WebhookEvent[]): CompiledQuery[] {
  const statements: CompiledQuery[] = [];
  if (answer) statements.push(r.idempotency.completeStatement(answer));
  if (jobs && jobs.length > 0) statements.push(...r.jobs.enqueueStatements(jobs));
  if (events && events.length > 0) statements.push(...r.webhooks.emitStatements(events));
  return statements;
}
