// What the detail page offers on a payment now (PaymentDetail.allowed): an action the person's role
// allows and the lifecycle table would accept at this moment, with the most it could take. The
// same table decides when the action is sent (payments/follow-up.ts), so a page that waited too
// long is refused with the lifecycle's reason, never let through. In the test environment, to a
// person who may use the test tools, it also names the simulator's operations that fit the payment
// (`test`): the same planners decide them as the operations' flows do.

import { followUpHeadroom, planChargebackReversal, planFollowUp, planSettle, type FollowUpType } from '../domain/lifecycle.js';
import { formatAmount } from '../domain/money.js';
import type { PaymentRecord } from '../domain/records.js';
import { may, type Role } from '../domain/roles.js';
import type { Config } from '../config/config.js';
import { describeResult, RESULT_CODES, resultGroup } from '../../../spec/result-codes.js';
import { refundCap, type RefundLimit } from './refund-limit.js';
import type { OpenChargeback, TestToolActions } from './test-tools/actions.js';

export type { OpenChargeback, TestToolActions };

export interface AllowedActions {
  capture?: { max: string; currency: string };
  refund?: { max: string; currency: string };
  reverse?: true;
  /** The test tools' operations that fit (only in the test environment, only to who may use them). */
  test?: TestToolActions;
}

export interface AllowedInput {
  role: Role;
  payment: PaymentRecord;
  /** The payment's own reference (a capture's PA), which a refund of it also changes. */
  parent: PaymentRecord | undefined;
  now: number;
  reversalCutoffMs: number;
  refundLimit: RefundLimit;
  /** The relay's environment and the payment's family (its records): given, test tools are offered in test. */
  environment?: Config['environment'];
  family?: readonly PaymentRecord[];
}

/** The reasons a simulated chargeback takes: the catalogue's chargeback group, in its order. */
export const CHARGEBACK_REASONS: readonly { code: string; description: string }[] = Object.entries(RESULT_CODES)
  .filter(([code]) => resultGroup(code) === 'chargeback')
  .map(([code, description]) => ({ code, description }));

/** What the simulator's operations would accept on `payment` now; undefined when none would. */
export function allowedTestTools(payment: PaymentRecord, family: readonly PaymentRecord[], now: number): TestToolActions | undefined {
  const tools: TestToolActions = {};
  const settles = planSettle(payment, 'confirm').ok;
  if (settles && payment.pendingKind === 'slip' && payment.paymentType === 'PA') {
    tools.pay = true;
    tools.expire = true;
  }
  if (settles && payment.pendingKind === 'redirect') {
    tools.approve = true;
    tools.cancel = true;
  }
  const headroom = followUpHeadroom(payment, 'CB');
  if (headroom !== undefined && headroom > 0 && planFollowUp(payment, { op: 'CB', amount: headroom, currency: payment.currency, now, reversalCutoffMs: 0 }).ok) {
    tools.chargeback = { max: formatAmount(headroom), currency: payment.currency, reasons: [...CHARGEBACK_REASONS] };
  }
  const open = family
    .filter((r) => r.paymentType === 'CB' && planChargebackReversal(payment, r).ok)
    .map((r) => ({ id: r.id, amount: formatAmount(r.amount), currency: r.currency, reasonCode: r.resultCode, reasonDescription: describeResult(r.resultCode), createdAt: r.createdAt }));
  if (open.length > 0) tools.chargebackReversal = { chargebacks: open };
  return Object.keys(tools).length > 0 ? tools : undefined;
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
  if (input.environment === 'test' && input.family && may(role, 'testTools.use')) {
    const test = allowedTestTools(payment, input.family, input.now);
    if (test) allowed.test = test;
  }
  return allowed;
}
