// The charge of one occurrence: a normal merchant-initiated REPEATED payment with the schedule's
// stored registration (no CVV, no 3-D Secure), through the same flow as
// POST /v1/registrations/{id}/payments, under an idempotency claim whose key is the occurrence id.
// The payment is written only while its occurrence is still due, in the same transaction that
// ends the occurrence (NewPaymentParts.occurrence): a retried job, a crash or two relays never
// charge an occurrence twice, and a cancel that got there first means no charge at all.
//
// A relay that dies mid-charge leaves its claim in progress: once its lease has run out the claim
// is resolved as in doubt (jobs/in-doubt.ts: the simulator voids what it authorized for a payment
// that was never written) and the job's next try charges.

import { hash } from 'node:crypto';
import type { RelayContext } from '../flows/context.js';
import { ApiError } from '../domain/errors.js';
import { claimReference, type Claim } from '../flows/outcome.js';
import { statusOf } from '../flows/outcome-status.js';
import { resolveInDoubtRequests } from '../jobs/in-doubt.js';
import { payloadId, PermanentJobError, RetryJobAt, type RunnerLog } from '../jobs/runner.js';
import { cardOfRegistration } from '../payments/registrations.js';
import { createPayment } from '../payments/create-payment.js';
import { formatAmount } from '../domain/money.js';
import { clockAt, entityTime } from '../flows/entity-time.js';
import type { OccurrenceRecord, ScheduleRecord } from '../domain/schedules.js';
import type { JobRecord } from '../domain/job.js';
import { chargeJob } from './fire.js';

/** The request a charge stands for: the same for every try of one occurrence. */
const CHARGE_REQUEST_HASH = hash('sha256', 'schedule-charge', 'hex');

/** After a lease has run out, the in-doubt pass that frees it runs: a retry waits a moment more. */
const CLAIM_LEASE_MARGIN_MS = 100;

export type ChargeResult = 'charged' | 'declined' | 'not-due' | 'failed' | 'closed';

/** The parameters of the payment a schedule makes, as a merchant's REPEATED payment would send them. */
function paymentParams(s: ScheduleRecord): Map<string, string> {
  const params = new Map<string, string>([
    ['entityId', s.entityId],
    ['amount', formatAmount(s.amount)],
    ['currency', s.currency],
    ['paymentType', s.paymentType],
    ['recurringType', 'REPEATED'],
  ]);
  for (const [name, value] of JSON.parse(s.paymentParams) as [string, string][]) params.set(name, value);
  return params;
}

export function chargeOccurrenceIdOf(payload: unknown): string {
  return payloadId(payload, 'occurrenceId', 'schedule charge');
}

/** The occurrences a charges job names (fire.ts, chargeJobs). */
export function chargeOccurrenceIdsOf(payload: unknown): string[] {
  const ids = (payload as Record<string, unknown> | null)?.occurrenceIds;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id): id is string => typeof id === 'string' && id !== '')) {
    throw new PermanentJobError('a schedule charges job names no occurrenceIds');
  }
  return ids;
}

/**
 * Charges the occurrences of a charges job, one after the other. A charge that throws does not hold
 * up the others: its occurrence gets a job of its own (chargeJob), which retries it on the runner's
 * ladder, or keeps it as failed with its error, as for any job. Run twice, the charges made the
 * first time are no longer due and are passed over.
 */
export async function chargeOccurrences(ctx: RelayContext, occurrenceIds: readonly string[], log: RunnerLog): Promise<void> {
  const apart: JobRecord[] = [];
  for (const id of occurrenceIds) {
    try {
      await chargeOccurrence(ctx, id, log);
    } catch (error) {
      const now = ctx.clock.now();
      apart.push(chargeJob(ctx, id, error instanceof RetryJobAt ? error.runAt : now, now));
      log.warn({ occurrenceId: id, error: error instanceof Error ? error.message : String(error) }, 'a charge failed; its occurrence goes on in a job of its own');
    }
  }
  // Should this fail, the whole job is tried again: its other charges are passed over then.
  if (apart.length > 0) await ctx.store.jobs.enqueue(apart);
}

/** `at`: the entity's moment the charge is made at (a test clock stepping through); else its time now. */
export async function chargeOccurrence(ctx: RelayContext, occurrenceId: string, log: RunnerLog, at?: number): Promise<ChargeResult> {
  const found = await ctx.store.schedules.findOccurrence(occurrenceId);
  if (!found || found.occurrence.status !== 'due') return 'not-due';
  const { occurrence, schedule, registration } = found;
  const entity = await ctx.lookups.entity(schedule.entityId);
  if (!entity) throw new PermanentJobError(`the entity of schedule ${schedule.id} is gone`);
  // The payment happens at the entity's time (its test clock, when moved ahead).
  const now = at ?? entityTime(ctx, found.testClock);
  if (!registration || registration.deletedAt !== null) {
    await ctx.store.schedules.failOccurrence(occurrence.id, '100.150.202', ctx.clock.now());
    return 'failed';
  }
  const claim = await takeClaim(ctx, occurrence, log);
  if (claim === 'done') return 'not-due';
  try {
    const outcome = await createPayment({ ...ctx, clock: clockAt(now) }, entity, paymentParams(schedule), {
      registration: { record: registration, card: cardOfRegistration(ctx, registration) },
      claim,
      occurrence: { id: occurrence.id, scheduleId: schedule.id },
    });
    return outcome.paymentStatus === 'declined' ? 'declined' : 'charged';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) {
      // Nothing was written; the journal's authorization (if any) is voided when the claim is resolved.
      throw error;
    }
    // noSession: the occurrence was no longer due when the payment was to be written (cancelled).
    if (error.errorName === 'noSession') {
      await settleClaim(ctx, claim, 'closed');
      return 'closed';
    }
    // The payment's own rules refused it (a country rule, a parameter): recorded on the occurrence.
    await ctx.store.schedules.failOccurrence(occurrence.id, error.code, ctx.clock.now());
    await settleClaim(ctx, claim, error.code);
    return 'failed';
  }
}

/** The claim of the occurrence's key: 'done' when a try before this one finished the charge. */
async function takeClaim(ctx: RelayContext, occurrence: OccurrenceRecord, log: RunnerLog): Promise<Claim | 'done'> {
  const owner = ctx.config.relayId;
  // The claim is dated by the relay's clock, not by the entity's time the payment is dated by: a
  // test clock moved days ahead would make another try's claim in progress look older than a key
  // lives, and it would be taken as unused instead of resolved in doubt (its authorization voided).
  const claimedAt = ctx.clock.now();
  const leaseUntil = claimedAt + ctx.config.jobs.leaseMs;
  const claimOnce = () => ctx.store.idempotency.claim(occurrence.entityId, occurrence.id, CHARGE_REQUEST_HASH, claimedAt, claimedAt - ctx.config.idempotencyTtlMs, { owner, leaseUntil });
  let claimed = await claimOnce();
  if (claimed.kind === 'in-progress') {
    // A try of a relay that died: resolve what is in doubt now rather than at the next round.
    await resolveInDoubtRequests(ctx, log, 'while-serving');
    claimed = await claimOnce();
  }
  if (claimed.kind === 'done') return 'done';
  // Tried again once the holder's lease has run out: by then it has finished, or is in doubt.
  if (claimed.kind === 'in-progress') throw new RetryJobAt(Math.max(ctx.clock.now(), claimed.leaseUntil ?? ctx.clock.now() + ctx.config.jobs.leaseMs) + CLAIM_LEASE_MARGIN_MS, 'the occurrence is being charged by another try');
  if (claimed.kind === 'mismatch') throw new PermanentJobError('the occurrence key holds another request');
  const entityId = occurrence.entityId;
  const key = occurrence.id;
  return {
    entityId,
    key,
    owner,
    reference: claimReference(entityId, key, claimedAt),
    answer: (kind, json) => ({ entityId, key, owner, claimedAt, statusCode: statusOf(kind), body: json }),
  };
}

/** A charge that wrote no payment: its simulator authorization voided, its claim answered. */
async function settleClaim(ctx: RelayContext, claim: Claim, reason: string): Promise<void> {
  await ctx.store.simulatorJournal.voidAuthorization(claim.reference, ctx.clock.now());
  await ctx.store.idempotency.complete(claim.answer('refused', JSON.stringify({ occurrence: claim.key, charged: false, reason })));
}
