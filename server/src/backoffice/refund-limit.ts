// How far a person's role lets them refund: without limit, not at all, or (support) up to the
// merchant's support refund limit, an amount in one currency set in the merchant's settings. A
// refund in another currency than the limit's is beyond it: amounts of two currencies are never
// compared.

import type { Role } from '../domain/roles.js';
import { grantOf } from '../domain/roles.js';
import { formatAmount } from '../domain/money.js';

/** The merchant's limit as its settings hold it (minor units); null = none set. */
export type RefundLimit = { amount: number; currency: string } | null;

/** The most the role may refund at once in `currency`: Infinity without limit, 0 when it may not. */
export function refundCap(role: Role, limit: RefundLimit, currency: string): number {
  const grant = grantOf(role, 'payments.refund');
  if (grant === undefined) return 0;
  if (grant === true) return Number.POSITIVE_INFINITY;
  return limit !== null && limit.currency === currency ? limit.amount : 0;
}

/** Whether the role's refunds depend on the merchant's limit (only then is it read). */
export function refundNeedsLimit(role: Role): boolean {
  return grantOf(role, 'payments.refund') === 'supportRefundLimit';
}

/** The limit in words, for the message of a refund beyond it. */
export function refundLimitText(limit: RefundLimit): string {
  return limit === null ? 'no support refund limit is set for this merchant, so support cannot refund' : `the support refund limit is ${formatAmount(limit.amount)} ${limit.currency}`;
}
