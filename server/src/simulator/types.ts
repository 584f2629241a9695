// The simulator's inputs and outputs. The simulator is a pure function over a rules table
// (rules.ts): no clock reads, no I/O; the caller passes `today`.

export interface CardInput {
  number: string;
  holder?: string | undefined;
  expiryMonth: string;
  expiryYear: string;
  cvv?: string | undefined;
}

export interface AuthorizationRequest {
  paymentType: 'PA' | 'DB' | 'CD';
  paymentBrand: string | undefined;
  amount: number; // minor units
  currency: string;
  testMode: 'INTERNAL' | 'EXTERNAL';
  card?: CardInput;
  /** Present when an external MPI already authenticated (threeDSecure.* passed through). */
  externalThreeDSecure: boolean;
  /** A REPEATED or registration-based payment: never 3-D Secure, no CVV. */
  merchantInitiated: boolean;
  /** Non-card accounts (bank account, virtual account, wallet token): brand-specific rules only. */
  account: 'card' | 'bankAccount' | 'virtualAccount' | 'wallet';
  /** Today's date as yyyy-MM (for expiry checks). */
  today: { year: number; month: number };
}

export type AuthorizationOutcome =
  | { kind: 'approved'; resultCode: string; detectedBrand: string | undefined; avsResponse?: string; cvvResponse?: string; riskScore: number }
  | { kind: 'declined'; resultCode: string; detectedBrand: string | undefined; cvvResponse?: string; riskScore: number }
  | { kind: 'challenge'; detectedBrand: string | undefined; riskScore: number };
