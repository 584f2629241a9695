// Every kind of job the relay runs, with its handler, and the periodic ones. Adding a kind is a
// line here and a handler that is safe to run twice (jobs/runner.ts).

import { appendFile } from 'node:fs/promises';
import type { AppContext } from './context.js';
import { purgeExpired } from './housekeeping.js';
import { countExpiredCheckouts, slotOf } from '../checkouts/expired-count.js';
import { resolveInDoubtRequests } from '../jobs/in-doubt.js';
import { payloadId, type JobHandler, type PeriodicJob } from '../jobs/runner.js';
import { DELIVERY_JOB_KIND } from '../storage/webhooks.js';
import { chargeOccurrence, chargeOccurrenceIdOf, chargeOccurrenceIdsOf, chargeOccurrences } from '../schedules/charge.js';
import { fireDue, SCHEDULE_CHARGE_JOB, SCHEDULE_CHARGES_JOB, SCHEDULES_DUE_JOB } from '../schedules/fire.js';
import { dailySettlement } from '../settlement/daily.js';
import { slipJobHandler, VOUCHER_CONFIRM_JOB, VOUCHER_EXPIRE_JOB } from '../vouchers/jobs.js';
import { expireRedirect, expiryPaymentIdOf, REDIRECT_EXPIRY_JOB } from '../payments/redirect.js';
import { withRequestId } from '../flows/request-scope.js';
import { RESEAL_EVERY_MS, RESEAL_JOB, resealJobRun } from './reseal.js';

export const JOB_KINDS = {
  /** Removes what the relay keeps only for a while (housekeeping.ts). */
  housekeeping: 'housekeeping',
  /** Resolves idempotency claims left in doubt by a relay that died (in-doubt.ts). */
  inDoubt: 'in-doubt',
  /** Tests only (RELAY_JOB_PROBE_LOG): appends "jobId relayId" to a file, to count runs. */
  probe: 'probe',
  /** Sends one webhook delivery (webhooks/deliver.ts); queued with the event it sends. */
  webhookDelivery: DELIVERY_JOB_KIND,
  /** Fires the schedules due now, in batches (schedules/fire.ts); queued for each second a schedule runs at. */
  schedulesDue: SCHEDULES_DUE_JOB,
  /** Charges a few fired occurrences (schedules/charge.ts); queued with the occurrences. */
  scheduleCharges: SCHEDULE_CHARGES_JOB,
  /** Charges one occurrence whose charge failed in a charges job, on a retry ladder of its own. */
  scheduleCharge: SCHEDULE_CHARGE_JOB,
  /** Settles the closed days and writes their reconciliation files (settlement/daily.ts). */
  settlement: 'settlement',
  // Voucher slips (vouchers/jobs.ts): queued with the slip's PA.
  /** Confirms a slip at the time the simulated shopper's payment arrives. */
  voucherConfirm: VOUCHER_CONFIRM_JOB,
  /** Expires a slip not paid by its due date. */
  voucherExpire: VOUCHER_EXPIRE_JOB,
  // A redirect payment the shopper never came back from (payments/redirect.ts);
  // queued with the payment, due REDIRECT_EXPIRY_MINUTES after it.
  redirectExpiry: REDIRECT_EXPIRY_JOB,
  /** Re-seals stored values under the active card key (reseal.ts); queued by an activation, and periodically. */
  cardKeyReseal: RESEAL_JOB,
} as const;

export function relayJobs(ctx: AppContext): { handlers: Map<string, JobHandler>; periodic: PeriodicJob[] } {
  const handlers = new Map<string, JobHandler>([
    [
      JOB_KINDS.housekeeping,
      async (payload, { log }) => {
        const purged = await purgeExpired(ctx);
        // A safety net: a schedule whose firing job is gone (failed for good) fires here at the latest.
        await fireDue(ctx, ctx.clock.now());
        if (Object.values(purged).some((n) => n > 0)) log.info({ purged }, 'expired data removed');
        // Last: a round that fails before here counts nothing, and its retry counts once.
        const slot = slotOf(payload);
        if (slot !== undefined) await countExpiredCheckouts(ctx, slot, ctx.config.jobs.housekeepingEveryMs);
      },
    ],
    [
      JOB_KINDS.inDoubt,
      async (_payload, { log }) => {
        await resolveInDoubtRequests(ctx, log, 'while-serving');
      },
    ],
    [JOB_KINDS.webhookDelivery, (payload, { log }) => ctx.webhooks.deliver(payloadId(payload, 'deliveryId', 'delivery'), log)],
    [
      JOB_KINDS.schedulesDue,
      async () => {
        await fireDue(ctx, ctx.clock.now());
      },
    ],
    [
      JOB_KINDS.scheduleCharges,
      async (payload, { log }) => {
        await chargeOccurrences(ctx, chargeOccurrenceIdsOf(payload), log);
      },
    ],
    [
      JOB_KINDS.scheduleCharge,
      async (payload, { log }) => {
        await chargeOccurrence(ctx, chargeOccurrenceIdOf(payload), log);
      },
    ],
    [JOB_KINDS.settlement, (_payload, { log }) => dailySettlement(ctx, log)],
    // Voucher slips: both kinds settle what is due of the slip, at most once.
    [JOB_KINDS.voucherConfirm, slipJobHandler(ctx)],
    [JOB_KINDS.voucherExpire, slipJobHandler(ctx)],
    // Under the id of the request that made the payment: the expiry's notification is queued with it.
    [JOB_KINDS.redirectExpiry, (payload, { job }) => expireRedirect(withRequestId(ctx, job.requestId), expiryPaymentIdOf(payload))],
    [JOB_KINDS.cardKeyReseal, (_payload, { log }) => resealJobRun(ctx, log)],
  ]);
  const probeLog = ctx.config.jobProbeLog;
  if (probeLog !== '') {
    handlers.set(JOB_KINDS.probe, async (_payload, { job }) => {
      await appendFile(probeLog, `${job.id} ${ctx.config.relayId}\n`);
    });
  }
  return {
    handlers,
    periodic: [
      { kind: JOB_KINDS.housekeeping, everyMs: ctx.config.jobs.housekeepingEveryMs },
      { kind: JOB_KINDS.inDoubt, everyMs: ctx.config.jobs.inDoubtEveryMs },
      { kind: JOB_KINDS.settlement, everyMs: ctx.config.reports.settlementEveryMs },
      { kind: JOB_KINDS.cardKeyReseal, everyMs: RESEAL_EVERY_MS },
    ],
  };
}
