// The simulator's chargebacks (test environment only): a CB record charging back part or all of a
// payment, and a CR record reversing one. Both reference the payment, are planned by the lifecycle
// table (CB and CR rows) and written by the store's guarded UPDATE with their webhook events, so a
// chargeback racing a refund leaves refunds plus open chargebacks within the payment.

import { writeFollowUp } from '../storage/writes/index.js';
import type { RelayContext } from '../flows/context.js';
import { newPaymentId } from '../domain/ids.js';
import { planChargebackReversal, planFollowUp, refusalCode, type ChargebackType, type FollowUpPlan } from '../domain/lifecycle.js';
import { parseAmount } from '../domain/money.js';
import { ApiError } from '../domain/errors.js';
import type { EntityRecord, PaymentRecord } from '../domain/records.js';
import { claimAnswerOf, type Claim, type Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import { APPROVAL_CODES, modeOf } from '../simulator/rules.js';
import { paymentEvent } from '../webhooks/events.js';
import { refused, type FollowUpOptions } from './follow-up.js';
import { paymentView, resultView } from '../flows/response.js';
import { referencingRecord } from '../domain/referencing-record.js';
import { RESULT_CODES, resultGroup } from '../../../spec/result-codes.js';

/** A guard lost to a concurrent write is planned again from the fresh row, this many times. */
const PLAN_ATTEMPTS = 3;

/** A chargeback reason: a code of the chargeback group that the catalogue describes. */
export function isChargebackReason(code: string): boolean {
  return Object.hasOwn(RESULT_CODES, code) && resultGroup(code) === 'chargeback';
}

function refusedWith(code: string, op: ChargebackType, params: FlatParams, paymentId: string): Outcome {
  const answer = refused(code, params, paymentId);
  (answer.body as Record<string, unknown>).paymentType = op;
  return answer;
}

interface Planned {
  plan: FollowUpPlan;
  payment: PaymentRecord;
  /** The CB a CR reverses. */
  chargeback?: PaymentRecord;
}

/** Plans, writes the record with its event under the plan's guard, and plans again when it lost a race. */
async function write(ctx: RelayContext, entity: EntityRecord, paymentId: string, op: ChargebackType, params: FlatParams, claim: Claim | undefined, options: FollowUpOptions, planOf: (payment: PaymentRecord) => Promise<Planned>): Promise<Outcome> {
  const id = newPaymentId(ctx.clock.now());
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const payment = await ctx.store.payments.find(entity.id, paymentId);
    if (!payment) throw new ApiError('notFound');
    const { plan, chargeback } = await planOf(payment);
    if (!plan.ok) return refusedWith(plan.resultCode, op, params, paymentId);
    const now = ctx.clock.now();
    // A chargeback carries its reason as its result; a reversal succeeds as any follow-up does.
    const resultCode = op === 'CB' ? (params.get('reasonCode') ?? '') : APPROVAL_CODES[modeOf(ctx.config.environment, undefined)];
    const body = paymentView({ id, paymentType: op, paymentBrand: payment.paymentBrand, amount: plan.amount, currency: payment.currency, result: resultView(resultCode), params: new Map() });
    body.referencedId = payment.id;
    if (payment.merchantTransactionId) body.merchantTransactionId = payment.merchantTransactionId;
    // A reversal names its chargeback (the reconciliation file's ChargebackId).
    if (chargeback) body.chargebackId = chargeback.id;
    const json = JSON.stringify(body);
    const record = referencingRecord(payment, { id, paymentType: op, amount: plan.amount, resultCode, responseJson: json, at: now });
    const applied = await writeFollowUp(ctx.store, {
      referencedId: payment.id,
      entityId: entity.id,
      change: plan.change,
      now,
      record,
      events: [paymentEvent(ctx, op === 'CB' ? 'chargebackCreated' : 'chargebackReversed', record, json, { rootPaymentId: payment.referencedId ?? payment.id })],
      // Under an Idempotency-Key the answer is written with the record: a retry replays it.
      ...(claim ? { answer: claimAnswerOf(claim, 'ok', json) } : {}),
      // What the caller writes with it (the back office's audit row), as a merchant follow-up's.
      ...(options.alongside ? { also: options.alongside(record) } : {}),
    });
    if (applied) {
      ctx.metrics.paymentWritten(record.paymentType, record.paymentBrand, record.status);
      return { kind: 'ok', body, json, answered: claim !== undefined };
    }
  }
  return refusedWith(refusalCode(op), op, params, paymentId);
}

/** POST /v1/test/payments/{id}/chargeback: charges back `amount` of the payment for `reasonCode`. */
export async function createChargeback(ctx: RelayContext, entity: EntityRecord, paymentId: string, params: FlatParams, claim?: Claim, options: FollowUpOptions = {}): Promise<Outcome> {
  const reasonCode = params.get('reasonCode') ?? '';
  if (!isChargebackReason(reasonCode)) {
    throw new ApiError('invalidParameters', [{ name: 'reasonCode', value: reasonCode, message: 'must be a chargeback reason of the result code catalogue (000.100.2xx)' }]);
  }
  const amount = parseAmount(params.get('amount') ?? '');
  return write(ctx, entity, paymentId, 'CB', params, claim, options, async (payment) => ({
    payment,
    plan: planFollowUp(payment, { op: 'CB', amount, currency: params.get('currency'), now: ctx.clock.now(), reversalCutoffMs: 0 }),
  }));
}

/** POST /v1/test/payments/{id}/chargeback-reversal: reverses the chargeback `chargebackId` of the payment. */
export async function reverseChargeback(ctx: RelayContext, entity: EntityRecord, paymentId: string, params: FlatParams, claim?: Claim, options: FollowUpOptions = {}): Promise<Outcome> {
  const chargebackId = params.get('chargebackId') ?? '';
  return write(ctx, entity, paymentId, 'CR', params, claim, options, async (payment) => {
    const chargeback = await ctx.store.payments.find(entity.id, chargebackId);
    return { payment, plan: planChargebackReversal(payment, chargeback), ...(chargeback ? { chargeback } : {}) };
  });
}
