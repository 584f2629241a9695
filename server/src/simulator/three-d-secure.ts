// The simulator's 3-D Secure step. A challenged payment waits for the shopper on the test page,
// which offers the return codes below in `select[name=returnCode]` (widget-surface §9); the code
// submitted settles the payment. The codes and what each does are data here; each option's text is
// the code's description in the result-code catalogue (spec/result-codes.ts).

import type { ResultCode } from '../../../spec/result-codes.js';
import { APPROVAL_CODES, type TestMode } from './rules.js';
import type { AuthorizationOutcome } from './types.js';

export interface ThreeDSecureReturnCode {
  code: ResultCode;
  /** true: the shopper authenticated and the payment is authorized; false: declined with `code`. */
  authenticated: boolean;
}

/**
 * The protocol versions the simulator runs a challenge as (threeDSecure.version in the answer,
 * "digit.digit.digit starting 1 or 2"): the last of 3-D Secure 1, and 3-D Secure 2.2.
 */
export const THREE_D_SECURE_VERSIONS = { 1: '1.0.2', 2: '2.2.0' } as const;

/** The options of the test page, in order; the first is preselected. */
export const THREE_D_SECURE_RETURN_CODES: readonly ThreeDSecureReturnCode[] = [
  { code: '000.400.110', authenticated: true },
  { code: '100.380.401', authenticated: false },
  { code: '100.396.101', authenticated: false },
  { code: '000.400.101', authenticated: false },
  { code: '100.390.112', authenticated: false },
];

/** Not offered on the page: what the relay applies to a challenge the shopper never finished. */
export const CHALLENGE_TIMEOUT: ThreeDSecureReturnCode = { code: '100.396.103', authenticated: false };

const SETTLING_CODES: readonly ThreeDSecureReturnCode[] = [...THREE_D_SECURE_RETURN_CODES, CHALLENGE_TIMEOUT];

/** A code that is not in the table (a tampered form) fails closed: authentication failed. */
const UNKNOWN_CODE_RESULT = '100.380.401';

/**
 * What a pending payment keeps from its challenge outcome to be settled later. Only testMode is
 * required; the rest comes from authorize()'s challenge outcome when the relay keeps it.
 */
export interface PendingChallenge {
  testMode: TestMode;
  detectedBrand?: string | undefined;
  riskScore?: number | undefined;
  avsResponse?: string | undefined;
  cvvResponse?: string | undefined;
}

export type SettledOutcome = Extract<AuthorizationOutcome, { kind: 'approved' | 'declined' }>;

/** Settles a challenged payment with the return code the shopper submitted on the test page. */
export function completeChallenge(pending: PendingChallenge, returnCode: string): SettledOutcome {
  const row = SETTLING_CODES.find((r) => r.code === returnCode);
  const base = { detectedBrand: pending.detectedBrand, riskScore: pending.riskScore ?? 0 };
  if (row === undefined) return { kind: 'declined', resultCode: UNKNOWN_CODE_RESULT, ...base };
  if (!row.authenticated) return { kind: 'declined', resultCode: row.code, ...base };
  return {
    kind: 'approved',
    resultCode: APPROVAL_CODES[pending.testMode],
    ...base,
    ...(pending.avsResponse === undefined ? {} : { avsResponse: pending.avsResponse }),
    ...(pending.cvvResponse === undefined ? {} : { cvvResponse: pending.cvvResponse }),
  };
}
