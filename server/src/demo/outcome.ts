// What a result code means for the shopper, from the published code groups in spec/result-codes.ts.

import { resultGroup, type GroupName } from '../../../spec/result-codes.js';

export type Outcome = 'success' | 'review' | 'pending' | 'declined';

const outcomeByGroup: Partial<Record<GroupName, Outcome>> = {
  success: 'success',
  successReview: 'review',
  pending: 'pending',
  pendingLong: 'pending',
};

/** Every other group, and a code in no group, is a decline from the shopper's point of view. */
export function outcomeOf(code: string): Outcome {
  const group = resultGroup(code);
  return (group && outcomeByGroup[group]) ?? 'declined';
}

/** 800.120.100 "Rejected by Throttling": status reads are limited to two a minute per checkout. */
export const THROTTLED_CODE = '800.120.100';

/** Groups that say the status could not be decided right now, not what became of the payment. */
const undecidedGroups: ReadonlySet<GroupName> = new Set<GroupName>(['communicationError', 'systemError']);

/** A final result never changes, so it may be shown again without asking the relay. */
export function isFinalCode(code: string): boolean {
  const outcome = outcomeOf(code);
  if (outcome === 'success') return true;
  if (outcome !== 'declined' || code === THROTTLED_CODE) return false;
  const group = resultGroup(code);
  return group === undefined || !undecidedGroups.has(group);
}
