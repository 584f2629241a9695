// The end of a slip, once: paid (an RC record referencing the PA, result 000.000.000, and its
// PAYMENT webhook, with the PA settled to success in the same transaction) or expired unpaid (the
// PA declined with 100.396.103, "Previously pending transaction timed out", and its webhook). Both
// are rows of the status table (domain/lifecycle.ts) applied by the store's guarded UPDATE of the
// PA's pending state; the unique index of migration 015 is the second guard on the RC.

import type { CompiledQuery } from 'kysely';
import { writeCountedSettlement } from '../flows/counted-settlement.js';
import type { RelayContext } from '../flows/context.js';
import { newPaymentId } from '../domain/ids.js';
import { planSettle } from '../domain/lifecycle.js';
import type { PaymentRecord } from '../domain/records.js';
import { paymentView, resultView } from '../flows/response.js';
import { referencingRecord } from '../domain/referencing-record.js';
import { paymentEvent } from '../webhooks/events.js';
import { slipStateOf, type SlipState } from './slip-state.js';
import { clockAt } from '../flows/entity-time.js';

/** The expired slip's result code: the catalogue's "Previously pending transaction timed out". */
export const SLIP_EXPIRED_CODE = '100.396.103';
/** A paid slip's confirmation (spec, "Errors": voucher payment confirmation with 000.000.000). */
export const SLIP_CONFIRMED_CODE = '000.000.000';

/** Why a slip could not be ended as asked; nothing was written. */
export type SlipRefusal = 'not-a-slip' | 'paid' | 'expired';

export type SlipEnd =
  | { kind: 'confirmed'; confirmation: PaymentRecord; slip: PaymentRecord }
  | { kind: 'expired'; slip: PaymentRecord }
  | { kind: 'refused'; reason: SlipRefusal };

/**
 * What a caller writes with a slip's end, beyond its own effect: statements telling of it (the back
 * office's audit row), in its transaction and only with it. `confirmation` is the RC of a paid slip.
 */
export interface SlipEndOptions {
  alongside?: (end: { resultCode: string; confirmation?: PaymentRecord }) => readonly CompiledQuery[];
}

/** Why a slip that is not pending cannot change any more: a paid slip's PA succeeded with its RC, in one transaction. */
function settledReason(payment: PaymentRecord): SlipRefusal {
  if (payment.paymentType !== 'PA' || slipStateOf(payment.pendingJson) === undefined) return 'not-a-slip';
  return payment.status === 'success' ? 'paid' : 'expired';
}

function isPendingSlip(payment: PaymentRecord): SlipState | undefined {
  if (payment.paymentType !== 'PA' || payment.status !== 'pending' || payment.pendingKind !== 'slip') return undefined;
  return slipStateOf(payment.pendingJson);
}

/** The slip is paid: the RC and its webhook, the PA out of pending; `at` is the confirmation's time. */
export async function confirmSlip(ctx: RelayContext, payment: PaymentRecord, at: number, options: SlipEndOptions = {}): Promise<SlipEnd> {
  const state = isPendingSlip(payment);
  if (!state) return { kind: 'refused', reason: settledReason(payment) };
  const plan = planSettle(payment, 'confirm');
  if (!plan.ok) return { kind: 'refused', reason: settledReason(payment) };
  const id = newPaymentId(at);
  const body = paymentView({ id, paymentType: 'RC', paymentBrand: payment.paymentBrand, amount: payment.amount, currency: payment.currency, result: resultView(SLIP_CONFIRMED_CODE), params: new Map() });
  body.referencedId = payment.id;
  if (payment.merchantTransactionId !== null) body.merchantTransactionId = payment.merchantTransactionId;
  const json = JSON.stringify(body);
  const confirmation = referencingRecord(payment, { id, paymentType: 'RC', amount: payment.amount, resultCode: SLIP_CONFIRMED_CODE, responseJson: json, at });
  // The PA's own answer keeps its slip codes; only its status leaves pending (no redirect any more).
  const slipBody = JSON.parse(payment.responseJson) as Record<string, unknown>;
  delete slipBody.redirect;
  const written = await writeCountedSettlement(ctx, payment, {
    paymentId: payment.id,
    checkoutId: payment.checkoutId,
    change: plan.change,
    resultCode: payment.resultCode,
    responseJson: JSON.stringify(slipBody),
    pendingJson: payment.pendingJson,
    now: at,
    confirmation,
    // The notification is of the confirmation's own time (a moved test clock's, or the job's).
    events: [paymentEvent({ config: ctx.config, clock: clockAt(at), requestId: ctx.requestId }, 'slipConfirmed', confirmation, json)],
    ...(options.alongside ? { also: options.alongside({ resultCode: SLIP_CONFIRMED_CODE, confirmation }) } : {}),
  });
  if (written !== 'settled') return { kind: 'refused', reason: settledReason((await ctx.store.payments.findById(payment.id)) ?? payment) };
  return { kind: 'confirmed', confirmation, slip: (await ctx.store.payments.findById(payment.id)) ?? payment };
}

/** The slip passed its due date unpaid (or the test operation expires it): the PA is declined. */
export async function expireSlip(ctx: RelayContext, payment: PaymentRecord, at: number, options: SlipEndOptions = {}): Promise<SlipEnd> {
  const state = isPendingSlip(payment);
  if (!state) return { kind: 'refused', reason: settledReason(payment) };
  const plan = planSettle(payment, 'expire');
  if (!plan.ok) return { kind: 'refused', reason: settledReason(payment) };
  const body = JSON.parse(payment.responseJson) as Record<string, unknown>;
  delete body.redirect;
  body.result = resultView(SLIP_EXPIRED_CODE);
  const responseJson = JSON.stringify(body);
  const written = await writeCountedSettlement(ctx, payment, {
    paymentId: payment.id,
    checkoutId: payment.checkoutId,
    change: plan.change,
    resultCode: SLIP_EXPIRED_CODE,
    responseJson,
    pendingJson: payment.pendingJson,
    now: at,
    events: [paymentEvent({ config: ctx.config, clock: clockAt(at), requestId: ctx.requestId }, 'slipExpired', payment, responseJson)],
    ...(options.alongside ? { also: options.alongside({ resultCode: SLIP_EXPIRED_CODE }) } : {}),
  });
  const fresh = (await ctx.store.payments.findById(payment.id)) ?? payment;
  if (written !== 'settled') return { kind: 'refused', reason: settledReason(fresh) };
  return { kind: 'expired', slip: fresh };
}

/**
 * What the simulator does with a slip at `at`: confirm it once its confirmation time has come (the
 * shopper paid in time, so this holds even when the relay runs it after the due date), expire it
 * once its expiry has come without a confirmation; nothing before. 'waiting' when nothing was due.
 */
export async function settleDueSlip(ctx: RelayContext, payment: PaymentRecord, at: number): Promise<SlipEnd | 'waiting'> {
  const state = isPendingSlip(payment);
  if (!state) return 'waiting';
  const { confirmAt, expiresAt } = state.voucher;
  if (confirmAt !== null && at >= confirmAt) return confirmSlip(ctx, payment, confirmAt);
  if (confirmAt === null && at >= expiresAt) return expireSlip(ctx, payment, expiresAt);
  return 'waiting';
}
