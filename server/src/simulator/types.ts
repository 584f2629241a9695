// The simulator's inputs and outputs. The simulator is a pure function over a rules table
// (rules.ts): no clock reads, no I/O; the caller passes `today`.

import type { TestMode } from './rules.js';

export interface CardInput {
  number: string;
  holder?: string | undefined;
  expiryMonth: string;
  expiryYear: string;
  cvv?: string | undefined;
}

/** Bank account data the simulator's test-account table is matched against (never stored by it). */
export interface BankAccountInput {
  holder?: string | undefined;
  iban?: string | undefined;
  bic?: string | undefined;
  number?: string | undefined;
}

export interface AuthorizationRequest {
  paymentType: 'PA' | 'DB' | 'CD';
  paymentBrand: string | undefined;
  amount: number; // minor units
  currency: string;
  testMode: TestMode;
  card?: CardInput;
  /** Present when an external MPI already authenticated (threeDSecure.* passed through). */
  externalThreeDSecure: boolean;
  /** A REPEATED or registration-based payment: never 3-D Secure, no CVV. */
  merchantInitiated: boolean;
  /** The CVV was given and checked when the card data was saved, and not kept (summary page). */
  cvvVerified?: boolean;
  /** Non-card accounts (bank account, virtual account, wallet token): brand-specific rules only. */
  account: 'card' | 'bankAccount' | 'virtualAccount' | 'wallet';
  /** bankAccount.* of the request: the test IBAN/BIC table and forced declines read it. */
  bankAccount?: BankAccountInput | undefined;
  /** A wallet token's test request (payments/wallet-token.ts): its testResultCode forces a decline. */
  walletToken?: { testResultCode?: string | undefined } | undefined;
  /** Which billing fields were sent: the AVS response table reads it. */
  billing?: { street1?: string | undefined; postcode?: string | undefined } | undefined;
  /** Today's date as yyyy-MM (for expiry checks). */
  today: { year: number; month: number };
}

export type AuthorizationOutcome =
  | { kind: 'approved'; resultCode: string; detectedBrand: string | undefined; avsResponse?: string; cvvResponse?: string; riskScore: number }
  | { kind: 'declined'; resultCode: string; detectedBrand: string | undefined; cvvResponse?: string; riskScore: number }
  // avsResponse/cvvResponse: what the approval carries if authentication succeeds (completeChallenge).
  | { kind: 'challenge'; detectedBrand: string | undefined; riskScore: number; avsResponse?: string; cvvResponse?: string }
  // An online transfer, wallet or virtual account: the shopper confirms on the provider's page.
  | { kind: 'redirect'; detectedBrand: string | undefined; riskScore: number };
