// What the detail page offers on a payment now (PaymentDetail.allowed): an action the person's role
// allows and the lifecycle table would accept at this moment, with the most it could take. The
// same table decides when the action is sent (payments/follow-up.ts), so a page that waited too
// long is refused with the lifecycle's reason, never let through.

import { followUpHeadroom, planFollowUp, type FollowUpType } from '../domain/lifecycle.js';
import { formatAmount } from '../domain/money.js';
import type { PaymentRecord } from '../domain/records.js';
import { may, type Role } from '../domain/roles.js';
import { refundCap, type RefundLimit } from './refund-limit.js';

export interface AllowedActions {
  capture?: { max: string; currency: string };
  refund?: { max: string; currency: string };
  reverse?: true;
}

export interface AllowedInput {
  role: Role;
  payment: PaymentRecord;
  /** The payment's own reference (a capture's PA), which a refund of it also changes. */
  parent: PaymentRecord | undefined;
  now: number;
  reversalCutoffMs: number;
  refundLimit: RefundLimit;
}

/** The most `op` could take now, when the table accepts that much; undefined when it accepts none. */
function maxOf(input: AllowedInput, op: FollowUpType, cap: number): number | undefined {
  const { payment, parent } = input;
  const headroom = followUpHeadroom(payment, op, parent);
  if (headroom === undefined) return undefined;
  const max = Math.min(headroom, cap);
  if (max <= 0) return undefined;
  const plan = planFollowUp(payment, { op, amount: max, currency: payment.currency, now: input.now, reversalCutoffMs: input.reversalCutoffMs }, parent);
  return plan.ok ? max : undefined;
}

export function allowedActions(input: AllowedInput): AllowedActions {
  const { role, payment } = input;
  const allowed: AllowedActions = {};
  const capture = may(role, 'payments.capture') ? maxOf(input, 'CP', Number.POSITIVE_INFINITY) : undefined;
  if (capture !== undefined) allowed.capture = { max: formatAmount(capture), currency: payment.currency };
  const refund = maxOf(input, 'RF', refundCap(role, input.refundLimit, payment.currency));
  if (refund !== undefined) allowed.refund = { max: formatAmount(refund), currency: payment.currency };
  if (may(role, 'payments.reverse')) {
    const plan = planFollowUp(payment, { op: 'RV', amount: undefined, currency: undefined, now: input.now, reversalCutoffMs: input.reversalCutoffMs }, input.parent);
    if (plan.ok) allowed.reverse = true;
  }
  return allowed;
}
