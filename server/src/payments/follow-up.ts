// Follow-ups (CP, RF, RV) on an earlier payment: the lifecycle table decides, the store enforces.

import { writeFollowUp, type FollowUpWrite } from '../storage/writes/index.js';
import { newPaymentId } from '../domain/ids.js';
import { CHARGEBACK_NOT_BY_MERCHANT, needsParent, planFollowUp, refusalCode, type FollowUpType } from '../domain/lifecycle.js';
import { parseAmount } from '../domain/money.js';
import { ApiError } from '../domain/errors.js';
import { failpoint } from '../config/failpoint.js';
import { claimAnswerOf, type Claim, type Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import type { EntityRecord, PaymentRecord } from '../domain/records.js';
import { paymentEvent } from '../webhooks/events.js';
import type { RelayContext } from '../flows/context.js';
import { paymentView, resultView } from '../flows/response.js';
import { referencingRecord } from '../domain/referencing-record.js';
import { APPROVAL_CODES, modeOf } from '../simulator/rules.js';

/** A refused follow-up writes nothing; its answer names the request and the rule's code. */
export function refused(code: string, params: FlatParams, referenceId: string): Outcome {
  const body: Record<string, unknown> = { paymentType: params.get('paymentType'), ...(referenceId !== '' ? { referencedId: referenceId } : {}) };
  for (const name of ['amount', 'currency'] as const) {
    const value = params.get(name);
    if (value !== undefined) body[name] = value;
  }
  body.result = resultView(code);
  return { kind: 'refused', body };
}

/** What a caller writes with the follow-up, beyond its own effect. */
export interface FollowUpOptions {
  /**
   * Statements telling of the record about to be written (the back office's audit row), written
   * in its transaction and only with it: made again for each plan, as the record is.
   */
  alongside?: (record: PaymentRecord) => NonNullable<FollowUpWrite['also']>;
}

/** A guard lost to a concurrent follow-up is planned again from the fresh row, this many times. */
const PLAN_ATTEMPTS = 3;

export async function followUp(ctx: RelayContext, entity: EntityRecord, referenceId: string, params: FlatParams, claim?: Claim, options: FollowUpOptions = {}): Promise<Outcome> {
  const op = params.get('paymentType') as FollowUpType;
  // Chargebacks come from the card network (here: the test simulator), never from the merchant.
  if (op === 'CB' || op === 'CR') return refused(CHARGEBACK_NOT_BY_MERCHANT, params, referenceId);
  const amountText = params.get('amount');
  const amount = op === 'RV' || amountText === undefined ? undefined : parseAmount(amountText);
  const id = newPaymentId(ctx.clock.now());
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const reference = await ctx.store.payments.find(entity.id, referenceId);
    if (!reference) throw new ApiError('notFound');
    // A refund of a capture refunds its PA too: the plan needs the PA as it is now.
    const parent = needsParent(op, reference) && reference.referencedId !== null ? await ctx.store.payments.find(entity.id, reference.referencedId) : undefined;
    const now = ctx.clock.now();
    const plan = planFollowUp(reference, {
      op,
      amount,
      currency: op === 'RV' ? undefined : params.get('currency'),
      now,
      reversalCutoffMs: entity.settings.reversalCutoffMs ?? ctx.config.reversalCutoffMs,
    }, parent);
    if (!plan.ok) return refused(plan.resultCode, params, referenceId);

    const resultCode = APPROVAL_CODES[modeOf(ctx.config.environment, params.get('testMode'))];
    const body = paymentView({ id, paymentType: op, paymentBrand: reference.paymentBrand, amount: plan.amount, currency: reference.currency, result: resultView(resultCode), params, merchantBankAccount: entity.settings.bankAccount });
    body.referencedId = reference.id;
    const json = JSON.stringify(body);
    // A follow-up belongs to its payment's order, and settles at its payment's quoted rate.
    const record = referencingRecord(reference, { id, paymentType: op, amount: plan.amount, resultCode, responseJson: json, at: now, merchantTransactionId: params.get('merchantTransactionId') });
    const applied = await writeFollowUp(ctx.store, {
      referencedId: reference.id,
      entityId: entity.id,
      change: plan.change,
      now,
      record,
      // A follow-up of a follow-up (a refund of a capture) reaches the authorization's notificationUrl.
      events: [paymentEvent(ctx, 'paymentCreated', record, json, { rootPaymentId: reference.referencedId ?? reference.id })],
      ...(claim ? { answer: claimAnswerOf(claim, 'ok', json) } : {}),
      ...(options.alongside ? { also: options.alongside(record) } : {}),
    });
    if (applied) {
      ctx.metrics.paymentWritten(record.paymentType, record.paymentBrand, record.status);
      if (claim) failpoint(ctx.config.failpoints, 'after-commit');
      return { kind: 'ok', body, json, answered: claim !== undefined };
    }
    // Another follow-up changed the reference between the read and the guarded update; the
    // database refused and wrote nothing. Plan again from what is committed now.
  }
  return refused(refusalCode(op), params, referenceId);
}
