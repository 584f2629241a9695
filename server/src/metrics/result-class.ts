// The result code of an answer as one of a few classes, for the `result` label of the HTTP
// requests counter: few enough values to keep the series few, and what an alert asks (how many
// answers were declines, how many the relay's own errors). Derived from the published groups
// (spec/result-codes.ts), so a new code falls in its class without a change here.

import { resultGroup, type GroupName } from '../../../spec/result-codes.js';

export type ResultClass = 'success' | 'pending' | 'declined' | 'rejected_input' | 'system_error' | 'chargeback' | 'other' | 'none';

/** Every class, for the series created up front. */
export const RESULT_CLASSES: readonly ResultClass[] = ['success', 'pending', 'declined', 'rejected_input', 'system_error', 'chargeback', 'other', 'none'];

const CLASS_OF_GROUP: Readonly<Record<GroupName, ResultClass>> = {
  success: 'success',
  successReview: 'success',
  pending: 'pending',
  pendingLong: 'pending',
  // Refused by the bank, 3-D Secure or risk: the shopper's payment was declined.
  rejected3ds: 'declined',
  rejectedBank: 'declined',
  blacklist: 'declined',
  riskValidation: 'declined',
  asyncWorkflowError: 'declined',
  // The request itself was wrong: the integration's error, not the shopper's nor the relay's.
  configValidation: 'rejected_input',
  registrationValidation: 'rejected_input',
  jobValidation: 'rejected_input',
  referenceValidation: 'rejected_input',
  formatValidation: 'rejected_input',
  addressValidation: 'rejected_input',
  contactValidation: 'rejected_input',
  accountValidation: 'rejected_input',
  amountValidation: 'rejected_input',
  // The relay or what it talks to failed.
  systemError: 'system_error',
  communicationError: 'system_error',
  chargeback: 'chargeback',
};

/** The class of a result code; 'other' for a code outside every published group. */
export function resultClassOf(code: string): ResultClass {
  const group = resultGroup(code);
  return group === undefined ? 'other' : CLASS_OF_GROUP[group];
}

const MARK = '"result":{"code":"';
const CODE_LENGTH = 11;

/**
 * The class of the result an answer's JSON body carries ("result":{"code":…}), 'none' for a body
 * without one (a page, an asset, /health). Classes are remembered per code: the codes are a
 * closed catalogue, so the memo stays small, and the regular expressions run once per code.
 */
export class ResultClassifier {
  readonly #memo = new Map<string, ResultClass>();

  ofBody(payload: unknown): ResultClass {
    if (typeof payload !== 'string') return 'none';
    const at = payload.indexOf(MARK);
    if (at < 0) return 'none';
    const code = payload.slice(at + MARK.length, at + MARK.length + CODE_LENGTH);
    let found = this.#memo.get(code);
    if (found === undefined) {
      found = resultClassOf(code);
      // A body could carry anything after the mark; only a code's shape is remembered.
      if (/^\d{3}\.\d{3}\.\d{3}$/.test(code)) this.#memo.set(code, found);
    }
    return found;
  }
}
