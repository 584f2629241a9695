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

/** What a status read shows: its code, and a redirect while the shopper still has to act. */
export interface StatusShape {
  result: { code: string };
  redirect?: { url?: string };
}

/**
 * A voucher slip issued but not yet paid answers the code of its issue (000.100.112, a success
 * group) with the slip page as its redirect: the payment waits for the shopper, so it is pending.
 * Once the slip is paid the redirect is gone and the code is the confirmation's.
 */
export function outcomeOfStatus(status: StatusShape): Outcome {
  const outcome = outcomeOf(status.result.code);
  return outcome === 'success' && status.redirect?.url ? 'pending' : outcome;
}

/** A final status never changes: a slip waiting to be paid is not one. */
export function isFinalStatus(status: StatusShape): boolean {
  return outcomeOfStatus(status) !== 'pending' && isFinalCode(status.result.code);
}
