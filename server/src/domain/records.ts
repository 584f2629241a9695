// The relay's records: merchants, channels (entities), payments, stored cards and checkouts, as the
// domain knows them. storage/ maps them to rows (rows.ts) and never defines them.

import type { PendingKind } from './lifecycle.js';
import type { ListedMethod } from './payment-listing.js';

/** Time is passed in explicitly as epoch milliseconds; the store never reads a clock. */
export type EpochMs = number;

export interface MerchantRecord {
  id: string;
  name: string;
  /**
   * SHA-256 of the access token it was created with (hex; 256 random bits); the token itself is
   * never stored. The API authenticates by the merchant's access tokens (access-tokens.ts), where
   * this one is the "Initial token" and may be revoked.
   */
  tokenHash: string;
  /**
   * The key that signs this merchant's webhooks (64 hex characters), sealed with the card key
   * (CardVault.sealSecret): shown once at creation, never stored readable.
   */
  webhookSecret: string;
  createdAt: EpochMs;
}

/** The operations counted per entity by the throttle (config.throttle, EntitySettings.throttle). */
export type ThrottledOperation = 'payments' | 'followUps' | 'registrations' | 'checkouts' | 'reads';

/** Settings of a channel (entity), stored as JSON. */
export interface EntitySettings {
  /** Country profile: BR, MX, CO, or absent for "any ISO currency, card test flows". */
  country?: 'BR' | 'MX' | 'CO';
  /** Origins allowed to embed the widget (frame-ancestors); absent or empty = any origin. */
  allowedOrigins?: string[];
  /** Overrides of config.throttle for this entity. */
  throttle?: Partial<Record<ThrottledOperation, number>>;
  /** Overrides config.reversalCutoffMs for this entity. */
  reversalCutoffMs?: number;
  /**
   * Refuse parameters an operation does not use (default: ignore them), to catch typos, and hold
   * the integrator to the spec's requirements that published integrations do not keep (the
   * strictOnly rules of params/rules.ts: a customer's name with other customer fields).
   */
  strictParameters?: boolean;
  /**
   * Challenges run as 3-D Secure 2 only: a server-to-server payment that goes to a challenge
   * without the shopper's browser data is refused instead of run as 3-D Secure 1.
   */
  threeDSecure2Required?: boolean;
  /** The merchant's payout account for this channel: merchant.bankAccount in payment answers. */
  bankAccount?: MerchantBankAccount;
  /** IANA time zone its schedules' job fields are read in; absent = UTC. */
  timeZone?: string;
  /** The settlement fee per brand ('*' for any other brand), in test mode (settlement/fees.ts). */
  settlementFees?: Record<string, SettlementFee>;
}

/** A fee: a percentage of the amount (basis points: 250 = 2.50 %) plus a fixed amount in minor units. */
export interface SettlementFee {
  basisPoints: number;
  fixed: number;
}

/** Spec "Payment response fields": merchant.bankAccount.holder is required, the rest conditional. */
export interface MerchantBankAccount {
  holder: string;
  /** An IBAN for SEPA accounts, else the bank's own account number. */
  number?: string;
  bic?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

export interface EntityRecord {
  id: string; // 32 hex
  merchantId: string;
  name: string;
  settings: EntitySettings;
  createdAt: EpochMs;
}

/** Lifecycle status of a payment record. */
export type PaymentStatus = 'pending' | 'success' | 'declined';

export interface PaymentRecord {
  id: string; // 32 alphanumerics
  entityId: string;
  paymentType: string; // PA DB CD CP RF RV, and CB CR (chargebacks, test operations only)
  paymentBrand: string | null;
  amount: number; // integer minor units (RV: the amount reversed)
  currency: string;
  status: PaymentStatus;
  resultCode: string;
  /** The referenced payment for CP/RF/RV. */
  referencedId: string | null;
  registrationId: string | null;
  checkoutId: string | null;
  /** Running totals maintained only by writeFollowUp (storage/writes/follow-up.ts) (minor units). */
  capturedAmount: number;
  refundedAmount: number;
  /**
   * Open chargebacks: CB records against the payment less those a CR reversed (016). Optional for
   * records written before chargebacks existed and for new records (0).
   */
  chargebackAmount?: number;
  reversed: boolean;
  /** The public payment response body (without buildNumber/timestamp/ndc), as JSON text. */
  responseJson: string;
  /** Private simulator state for a pending payment (3-D Secure), JSON text; never card data in clear. */
  pendingJson: string | null;
  /** Why the payment is pending (lifecycle.ts PENDING_TRANSITIONS); null when it is not. */
  pendingKind: PendingKind | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  /** The merchant's reference: sent with the payment, or inherited from the one a follow-up references. */
  merchantTransactionId?: string | null;
  /** The currency quote the payment was priced with (quotes/), its rate and the currency it settles in. */
  fxQuote?: PaymentFxQuote | null;
  /** Set by the settlement run only (settlement/run.ts); absent until the payment is settled. */
  settlement?: PaymentSettlement;
  /**
   * What the back office lists it by (payment-listing.ts, 019): the method it was paid with, the
   * card's last four digits, the customer's e-mail in lowercase; a follow-up has its payment's.
   * Absent or null when unknown.
   */
  method?: ListedMethod | null;
  cardLast4?: string | null;
  customerEmail?: string | null;
}

/** What the settlement run marked on a payment: settlement.status, its date and its aggregation. */
export interface PaymentSettlement {
  status: string;
  date: string;
  aggregationId: string;
}

/** What a payment keeps of the quote it was priced with. */
export interface PaymentFxQuote {
  id: string;
  /** Decimal text: target units per source unit. */
  rate: string;
  /** The quote's source currency (the merchant's price): the payment settles in it. */
  sourceCurrency: string;
}

export interface RegistrationRecord {
  id: string;
  entityId: string;
  paymentBrand: string;
  bin: string;
  last4: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string | null;
  /** AES-256-GCM ciphertext of the card number (base64 of iv|tag|data). */
  cardCiphertext: string;
  /** HMAC of the card number, for de-duplication. */
  cardHmac: string;
  /** True once an INITIAL payment or stand-alone registration authenticated it. */
  initialDone: boolean;
  /** The INITIAL payment made elsewhere, for a series migrated to this relay; null for the others. */
  migration: RecurringMigration | null;
  /** Public registration response body as JSON text. */
  responseJson: string;
  deletedAt: EpochMs | null;
  createdAt: EpochMs;
}

/** What the INITIAL payment of a migrated series can have been (spec: DB, CD or PA). */
export const MIGRATION_PAYMENT_TYPES = ['DB', 'CD', 'PA'] as const;
export type MigrationPaymentType = (typeof MIGRATION_PAYMENT_TYPES)[number];

export function isMigrationPaymentType(text: string): text is MigrationPaymentType {
  return (MIGRATION_PAYMENT_TYPES as readonly string[]).includes(text);
}

/**
 * recurringMigration.*: the INITIAL payment of a series made with another provider. Fields that
 * were not sent are null; the relay passes them on, it never reads the acquirer's references.
 */
export interface RecurringMigration {
  paymentType: MigrationPaymentType;
  /** Minor units. */
  amount: number | null;
  /**
   * yyyy-MM-dd HH:mm:ss as sent: the other provider's record of when the INITIAL request was made,
   * handed on as written (the spec gives it no zone).
   */
  requestTimestamp: string | null;
  connectorTxId1: string | null;
  connectorTxId2: string | null;
  connectorTxId3: string | null;
}

/** A prepared checkout (hosted payment flow). */
export interface CheckoutRecord {
  id: string;
  entityId: string;
  paymentType: string;
  amount: number; // minor units
  currency: string;
  /** The validated prepare parameters as [name, value] pairs, JSON text. */
  paramsJson: string;
  /** The result URL the shopper is sent to: bound at prepare, or by the first submit. */
  shopperResultUrl: string | null;
  createdAt: EpochMs;
  expiresAt: EpochMs;
  /** The one successful payment of this checkout (unique). */
  successPaymentId: string | null;
  /** The latest payment attempt (declined, pending or successful). */
  lastPaymentId: string | null;
  /** An attempt is being processed until this time (a lease), or null. */
  busyUntil: EpochMs | null;
  declineCount: number;
  /** Set by the first status read that reported the success: the id is spent. */
  spentAt: EpochMs | null;
  /** Status-read throttle: start of the current window and reads counted in it. */
  readWindowStart: EpochMs;
  readCount: number;
}

/** Where a newly prepared checkout starts: no attempt yet, nothing spent, no reads counted. */
export const NEW_CHECKOUT_STATE = {
  successPaymentId: null,
  lastPaymentId: null,
  busyUntil: null,
  declineCount: 0,
  spentAt: null,
  readWindowStart: 0,
  readCount: 0,
} as const satisfies Partial<CheckoutRecord>;
