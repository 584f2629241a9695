// The durable jobs of a slip, written with its PA: one at the confirmation time (when the
// simulated shopper pays) and one at the expiry. Whichever relay claims one runs settleDueSlip,
// which settles the slip at most once (the guarded UPDATE and the RC's unique index), so a job run
// twice, or two relays running both jobs, leave one RC or one expiry.

import type { RelayContext } from '../flows/context.js';
import { jobRecord, type JobRecord } from '../domain/job.js';
import { payloadId, type JobHandler } from '../jobs/runner.js';
import type { PaymentRecord } from '../domain/records.js';
import { settleDueSlip } from './settle-slip.js';
import { withRequestId } from '../flows/request-scope.js';
import type { SlipTiming } from './timing.js';

export const VOUCHER_CONFIRM_JOB = 'voucher-confirm';
export const VOUCHER_EXPIRE_JOB = 'voucher-expire';

export function slipJobs(ctx: Pick<RelayContext, 'config' | 'requestId'>, slip: PaymentRecord, timing: SlipTiming): JobRecord[] {
  const max = ctx.config.jobs.maxAttempts;
  const payload = { paymentId: slip.id };
  const jobs = [jobRecord({ kind: VOUCHER_EXPIRE_JOB, payload, runAt: timing.expiresAt, uniqueKey: `${VOUCHER_EXPIRE_JOB}:${slip.id}`, requestId: ctx.requestId }, slip.createdAt, max)];
  if (timing.confirmAt !== null) jobs.push(jobRecord({ kind: VOUCHER_CONFIRM_JOB, payload, runAt: timing.confirmAt, uniqueKey: `${VOUCHER_CONFIRM_JOB}:${slip.id}`, requestId: ctx.requestId }, slip.createdAt, max));
  return jobs;
}

/** Both kinds run the same step: what is due of the slip now. */
export function slipJobHandler(ctx: RelayContext): JobHandler {
  return async (payload, { job }) => {
    const slip = await ctx.store.payments.findById(payloadId(payload, 'paymentId', 'voucher'));
    if (!slip) return;
    // Under the id of the request that made the slip: its RC's or its expiry's notification is queued with it.
    await settleDueSlip(withRequestId(ctx, job.requestId), slip, ctx.clock.now());
  };
}
