// A way of paying, as one row of the table of payment methods (table.ts): which requests it pays,
// its own parameter rules, what it tells the simulator, the pending kind a payment it leaves
// pending has, with that payment's state and the jobs written with it, and how an attempt left
// pending on a checkout ends. create-payment.ts runs the path every method shares.

import type { RelayContext } from '../../flows/context.js';
import type { PendingKind } from '../../domain/lifecycle.js';
import type { EntityRecord, PaymentRecord, RegistrationRecord } from '../../domain/records.js';
import type { Claim, Outcome } from '../../flows/outcome.js';
import type { JobRecord } from '../../domain/job.js';
import type { FlatParams } from '../../params/types.js';
import type { ParameterError } from '../../domain/errors.js';
import type { TestMode } from '../../simulator/rules.js';
import type { AuthorizationOutcome, AuthorizationRequest, CardInput } from '../../simulator/types.js';
import type { Account } from '../account.js';

export type MethodName = 'card' | 'bankAccount' | 'virtualAccount' | 'wallet' | 'voucherSlip' | 'redirect';

export interface PaymentSource {
  /** A stored card to pay with instead of card.* parameters. */
  registration?: { record: RegistrationRecord; card: CardInput };
  /**
   * The checkout this payment belongs to (widget flow): the payment's write ends the attempt that
   * claimed it (see NewPaymentParts.attempt).
   */
  checkout?: { id: string; pendingLeaseUntil: number; shopperResultUrl: string | null };
  /** Where the shopper goes after 3-D Secure, already bound to the checkout or the request. */
  resultUrl?: string;
  /**
   * The shopper gave a CVV of the right length when the card data was saved (summary page): the
   * payment, made later by the merchant without it, does not ask for one again.
   */
  cvvVerified?: boolean;
  /** The idempotency claim the request runs under: the simulator records its answer under it. */
  claim?: Claim;
  /**
   * A schedule's charge (schedules/charge.ts): the payment names its schedule, and is written only
   * while the occurrence is still due, ending it in the same transaction.
   */
  occurrence?: { id: string; scheduleId: string };
}

export interface PaymentOutcome extends Outcome {
  paymentId: string;
  /** The payment's own status. */
  paymentStatus: 'success' | 'declined' | 'pending';
}

/** An account a method authorizes: never 'none'. */
export type PaidAccount = Exclude<Account, { kind: 'none' }>;

/** What a method's pending payment is made of, given the simulator's pending outcome. */
export interface PendingFacts {
  id: string;
  now: number;
  testMode: TestMode;
  params: FlatParams;
  source: PaymentSource;
  entity: EntityRecord;
  account: PaidAccount;
  outcome: AuthorizationOutcome;
  /** The payment stores its card when it succeeds (createRegistration=true). */
  wantsRegistration: boolean;
}

/** A pending payment's redirect, state and jobs, written with it. */
export interface Pending {
  url: string;
  state: object;
  jobs?: JobRecord[];
  /** The 3-D Secure version a challenge runs as, shown in the answer. */
  threeDSecureVersion?: string;
}

interface MethodRow {
  readonly name: MethodName;
  /** Whether this method pays the request; the table's rows are asked in order. */
  readonly pays: (params: FlatParams, source: PaymentSource) => boolean;
  /** The method's own parameter rules, checked with the recurring and country rules. */
  readonly parameterErrors?: (params: FlatParams, amount: number, now: number, source: PaymentSource) => ParameterError[];
  /** The pending kind a payment of this method is left in, waiting for the shopper. */
  readonly pendingKind: PendingKind;
  /** Ends an attempt the shopper left pending on a checkout; none when nothing is to end. */
  readonly abandon?: (ctx: RelayContext, payment: PaymentRecord) => Promise<void>;
}

/** A method the simulator authorizes, written by the common path. */
export interface AuthorizedMethod extends MethodRow {
  readonly way: 'authorized';
  /** The account paid with; refuses one that cannot be paid with. */
  readonly account: (params: FlatParams, source: PaymentSource) => PaidAccount;
  /** The brand when the request names none: what the account tells. */
  readonly detectBrand?: (account: PaidAccount) => string | undefined;
  /** The simulator's request fields of this account. */
  readonly simulate: (account: PaidAccount) => Pick<AuthorizationRequest, 'account' | 'card' | 'bankAccount' | 'walletToken'>;
  /** The payment the simulator left pending; may refuse the request before anything is recorded. */
  readonly pending: (ctx: RelayContext, facts: PendingFacts) => Pending;
}

/** A method that issues its payment itself, with no authorization (a voucher slip). */
export interface IssuedMethod extends MethodRow {
  readonly way: 'issued';
  readonly issue: (ctx: RelayContext, entity: EntityRecord, params: FlatParams, amount: number, source: PaymentSource) => Promise<PaymentOutcome>;
}

export type PaymentMethod = AuthorizedMethod | IssuedMethod;
