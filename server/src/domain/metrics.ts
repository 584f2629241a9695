// What the relay reports as it works, for its metrics (metrics/prometheus.ts, docs/metrics.md): one
// method per event, called where the event happens, with the context's RelayMetrics. Declared
// here, at the bottom, so storage, flows and the jobs runner can report without knowing how it is
// counted; with metrics off the context holds NO_METRICS, whose methods do nothing.

import type { PaymentStatus } from './records.js';

/** How a job's try ended (jobs/runner.ts). */
export type JobRunOutcome = 'done' | 'retried' | 'rescheduled' | 'failed';

/** How one webhook delivery attempt ended (webhooks/deliver.ts). */
export type WebhookAttemptOutcome = 'delivered' | 'retry' | 'failed' | 'gone';

/** How a schedule's charge ended (schedules/charge.ts ChargeResult). */
export type ScheduleChargeOutcome = 'charged' | 'declined' | 'not-due' | 'failed' | 'closed';

/** The events of a checkout's life that are counted. */
export type CheckoutEvent = 'prepared' | 'paid' | 'expired';

export interface RelayMetrics {
  /** False for NO_METRICS: callers may skip work done only to report (a clock read, a timer). */
  readonly enabled: boolean;
  /** A payment record written (new payments, follow-ups, chargebacks) with the status it was written with. */
  paymentWritten(paymentType: string, brand: string | null, status: PaymentStatus): void;
  /** A pending payment settled (3-D Secure, redirect, voucher slip) with its final status. */
  paymentSettled(paymentType: string, brand: string | null, status: PaymentStatus): void;
  checkout(event: CheckoutEvent, count?: number): void;
  /** A job's handler ran for `seconds`, whatever came of it. */
  jobRan(kind: string, seconds: number): void;
  /** A job's try ended: done, queued again (retried, or rescheduled by its handler), or failed for good. */
  jobEnded(kind: string, outcome: JobRunOutcome): void;
  /** A job started (+1) or ended (-1) on this relay. */
  jobRunning(kind: string, delta: 1 | -1): void;
  /** A job claimed after another runner's lease on it ran out. */
  jobLeaseTakenOver(kind: string): void;
  webhookAttempt(outcome: WebhookAttemptOutcome, seconds: number): void;
  /** An endpoint disabled by its receiver's answer (410 Gone). */
  webhookEndpointDisabled(): void;
  /** Occurrences of schedules fired; `latenessSeconds` each was fired after its time. */
  scheduleFired(latenessSeconds: number): void;
  scheduleCharge(outcome: ScheduleChargeOutcome): void;
  throttleRejected(operation: string): void;
  /** A request passed uncounted because Redis did not answer (http/redis-throttle.ts). */
  throttleRedisFallback(): void;
  idempotentReplay(): void;
  /** Idempotency claims left in doubt by a relay that died, resolved and released. */
  claimsInDoubtResolved(count: number): void;
}

const nothing = (): void => undefined;

/** Metrics off: every report is dropped, at the cost of a call. */
export const NO_METRICS: RelayMetrics = {
  enabled: false,
  paymentWritten: nothing,
  paymentSettled: nothing,
  checkout: nothing,
  jobRan: nothing,
  jobEnded: nothing,
  jobRunning: nothing,
  jobLeaseTakenOver: nothing,
  webhookAttempt: nothing,
  webhookEndpointDisabled: nothing,
  scheduleFired: nothing,
  scheduleCharge: nothing,
  throttleRejected: nothing,
  throttleRedisFallback: nothing,
  idempotentReplay: nothing,
  claimsInDoubtResolved: nothing,
};
