// Redirect payments: an online transfer (SOFORTUEBERWEISUNG, IDEAL, GIROPAY), PayPal or a virtual
// account answers pending 000.200.000 with a redirect to the simulator's page, where the shopper
// approves or cancels; a shopper who never comes back has the payment expire after
// REDIRECT_EXPIRY_MINUTES, by a durable job queued with the payment (and by the test clock). Each
// ending is a row of PENDING_TRANSITIONS (kind 'redirect') applied by the store's guarded UPDATE,
// so an approve racing an expiry settles the payment exactly once.

import type { CompiledQuery } from 'kysely';
import { writeCountedSettlement } from '../flows/counted-settlement.js';
import type { RelayContext } from '../flows/context.js';
import { planSettle, type PendingEvent } from '../domain/lifecycle.js';
import type { PaymentRecord } from '../domain/records.js';
import { jobRecord, type JobRecord } from '../domain/job.js';
import { payloadId, RetryJobAt } from '../jobs/runner.js';
import { readEntityTime } from '../flows/entity-time.js';
import { APPROVAL_CODES, type TestMode } from '../simulator/rules.js';
import type { SettleOutcome } from '../storage/store.js';
import { paymentEvent } from '../webhooks/events.js';
import { resultView } from '../flows/response.js';

export const REDIRECT_EXPIRY_JOB = 'redirect-expiry';

/** What a redirect payment keeps until the shopper returns. */
export interface RedirectState {
  testMode: TestMode;
  /** Where the shopper goes once the payment has ended (with resourcePath). */
  resultUrl?: string;
  checkoutId?: string;
}

/** The shopper's answers on the page, and what each does. */
export const REDIRECT_ANSWERS = {
  approve: { event: 'confirm', label: 'Approve payment' },
  cancel: { event: 'fail', label: 'Cancel payment', resultCode: '100.396.101' },
} as const satisfies Record<string, { event: PendingEvent; label: string; resultCode?: string }>;

export type RedirectAnswer = keyof typeof REDIRECT_ANSWERS | 'expire';

/** The code of a redirect the shopper never came back from (the async workflow's time-out). */
export const REDIRECT_TIMEOUT_CODE = '100.396.103';

export function redirectUrl(publicUrl: string, paymentId: string): string {
  return `${publicUrl}/v1/redirect/${paymentId}`;
}

/** The expiry job of a new redirect payment, written in the payment's own transaction. */
export function redirectExpiryJob(ctx: RelayContext, paymentId: string, createdAt: number): JobRecord {
  return jobRecord({ kind: REDIRECT_EXPIRY_JOB, payload: { paymentId }, runAt: createdAt + ctx.config.redirectExpiryMs, uniqueKey: `${REDIRECT_EXPIRY_JOB}:${paymentId}`, requestId: ctx.requestId }, createdAt, ctx.config.jobs.maxAttempts);
}

export function redirectStateOf(payment: PaymentRecord): RedirectState {
  return JSON.parse(payment.pendingJson ?? '{}') as RedirectState;
}

/**
 * What a caller writes with a redirect payment's end, beyond its own effect: statements telling of
 * it (the back office's audit row), in its transaction and only with it; made again for the ending
 * actually written (a cancel, when the checkout went on).
 */
export interface RedirectEndOptions {
  alongside?: (end: { answer: RedirectAnswer; resultCode: string }) => readonly CompiledQuery[];
}

/** Writes the ending `answer` of a pending redirect payment, planned from the status table. */
async function write(ctx: RelayContext, payment: PaymentRecord, answer: RedirectAnswer, now: number, options: RedirectEndOptions): Promise<SettleOutcome> {
  const state = redirectStateOf(payment);
  const event: PendingEvent = answer === 'expire' ? 'expire' : REDIRECT_ANSWERS[answer].event;
  const plan = planSettle(payment, event);
  if (!plan.ok) return 'refused';
  const resultCode = answer === 'approve' ? APPROVAL_CODES[state.testMode] : answer === 'cancel' ? REDIRECT_ANSWERS.cancel.resultCode : REDIRECT_TIMEOUT_CODE;
  const body = JSON.parse(payment.responseJson) as Record<string, unknown>;
  delete body.redirect;
  body.result = resultView(resultCode);
  const responseJson = JSON.stringify(body);
  return writeCountedSettlement(ctx, payment, {
    paymentId: payment.id,
    checkoutId: payment.checkoutId,
    change: plan.change,
    resultCode,
    responseJson,
    // The result URL stays, for a repeated visit of the page.
    pendingJson: JSON.stringify(state),
    now,
    events: [paymentEvent(ctx, 'paymentSettled', payment, responseJson)],
    ...(options.alongside ? { also: options.alongside({ answer, resultCode }) } : {}),
  });
}

/**
 * Ends a pending redirect payment with the shopper's answer (or its expiry), once. A payment whose
 * checkout has meanwhile been paid or gone on to another attempt cannot succeed any more: it ends
 * as cancelled. Returns the payment as it is now, and whether this call settled it.
 */
export async function settleRedirect(ctx: RelayContext, payment: PaymentRecord, answer: RedirectAnswer, now = ctx.clock.now(), options: RedirectEndOptions = {}): Promise<{ settled: boolean; payment: PaymentRecord }> {
  let written = await write(ctx, payment, answer, now, options);
  if (written === 'checkout-closed') written = await write(ctx, payment, 'cancel', now, options);
  const fresh = (await ctx.store.payments.findById(payment.id)) ?? payment;
  return { settled: written === 'settled', payment: fresh };
}

export function expiryPaymentIdOf(payload: unknown): string {
  return payloadId(payload, 'paymentId', 'redirect expiry');
}

/**
 * The expiry job: a payment still pending on its redirect when its time (the entity's, a test
 * clock included) has come is declined as timed out. Safe to run twice and on any relay: the
 * settlement applies only to a payment still pending.
 */
export async function expireRedirect(ctx: RelayContext, paymentId: string): Promise<void> {
  const payment = await ctx.store.payments.findById(paymentId);
  if (!payment || payment.status !== 'pending' || payment.pendingKind !== 'redirect') return;
  const now = await readEntityTime(ctx, payment.entityId);
  const due = payment.createdAt + ctx.config.redirectExpiryMs;
  if (now < due) throw new RetryJobAt(due, 'the redirect has not expired yet');
  await settleRedirect(ctx, payment, 'expire', Math.max(ctx.clock.now(), due));
}

/** Test clock row: the entity's redirect payments that expire up to `upTo`, oldest first. */
export async function expireDueRedirects(ctx: RelayContext, entityId: string, upTo: number): Promise<number> {
  let ran = 0;
  for (;;) {
    const due = await ctx.store.payments.pendingBefore('redirect', upTo - ctx.config.redirectExpiryMs + 1, 100, entityId);
    if (due.length === 0) return ran;
    let settledAny = false;
    for (const payment of due) {
      const settled = await settleRedirect(ctx, payment, 'expire', Math.max(ctx.clock.now(), payment.createdAt + ctx.config.redirectExpiryMs));
      if (settled.settled) {
        ran++;
        settledAny = true;
      }
    }
    // Another relay (or the job) settled them: what is left is not ours to count.
    if (!settledAny) return ran;
  }
}
