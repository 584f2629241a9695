// The simulator's knowledge, as data: test accounts, the ordered rules that decide an
// authorization, and the response-code tables. authorize.ts only reads these; to change what the
// simulator does, change a row here.
//
// Sources: widget-surface §9 (test cards, forced declines, SEPA test account), the specification's
// "Test modes" (any CVV of the right length and any future expiry), §8 (result codes).

import type { BrandKind } from '../../../spec/brands.js';

/**
 * Which system answers: the simulators (INTERNAL, the default), the processor's test system
 * (EXTERNAL), or, on a relay run with RELAY_ENVIRONMENT=live, the live system, where the spec
 * removes testMode and success is the processed-request code.
 */
export type TestMode = 'INTERNAL' | 'EXTERNAL' | 'LIVE';

/** The mode of one request: a live relay ignores testMode, a test relay reads it. */
export function modeOf(environment: 'test' | 'live', testMode: string | undefined): TestMode {
  if (environment === 'live') return 'LIVE';
  return testMode === 'EXTERNAL' ? 'EXTERNAL' : 'INTERNAL';
}

// ---------------------------------------------------------------------------------------------
// Test accounts

export interface TestCard {
  number: string;
  brand: string;
  /** Enrolled in 3-D Secure: a customer-initiated payment goes through the challenge page. */
  threeDSecure: boolean;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4200000000000000', brand: 'VISA', threeDSecure: false },
  { number: '4711100000000000', brand: 'VISA', threeDSecure: true },
  { number: '5454545454545454', brand: 'MASTER', threeDSecure: false },
  { number: '5212345678901234', brand: 'MASTER', threeDSecure: true },
  { number: '377777777777770', brand: 'AMEX', threeDSecure: false },
  { number: '375987000000005', brand: 'AMEX', threeDSecure: true },
  { number: '4464040000000007', brand: 'MADA', threeDSecure: false },
  { number: '36961903000009', brand: 'DINERS', threeDSecure: false },
  { number: '6011587918359498', brand: 'DISCOVER', threeDSecure: false },
  { number: '3541599999092431', brand: 'JCB', threeDSecure: false },
  { number: '6799851000000032', brand: 'MAESTRO', threeDSecure: false },
  { number: '4917300800000000', brand: 'VISAELECTRON', threeDSecure: false },
  { number: '5019717010103742', brand: 'DANKORT', threeDSecure: false },
];

export interface TestBankAccount {
  iban: string;
  /** The BIC that goes with the IBAN; a request without a BIC is matched on the IBAN alone. */
  bic: string;
}

// The specification says test IBAN/BIC pairs exist for AT, DE and ES but publishes only DE's
// (widget-surface §9). The AT and ES pairs are this project's choice: accounts at each country's
// central bank (bank code 01000, Oesterreichische Nationalbank NABAATWW; 9000, Banco de España
// ESPBESMM) whose ISO 7064 check digits hold as printed (rules.test.ts checks every row), so that
// integrators there test with accounts of their own country's shape. A BIC matches in its
// 8-character form too (bic.ts).
export const TEST_BANK_ACCOUNTS: readonly TestBankAccount[] = [
  { iban: 'AT850100001234567890', bic: 'NABAATWWXXX' },
  { iban: 'DE23100000001234567890', bic: 'MARKDEF1100' },
  { iban: 'ES1690000001261234567890', bic: 'ESPBESMMXXX' },
];

// ---------------------------------------------------------------------------------------------
// Rules. authorize() walks a table top to bottom; the first row whose check holds decides.

/** What a matching row does. */
export type Action =
  | { kind: 'decline'; resultCode: string }
  /** Decline with the rejection code the holder field carries (see isForceable in authorize.ts). */
  | { kind: 'declineForced' }
  | { kind: 'challenge' }
  /** Approve with APPROVAL_CODES[testMode]. */
  | { kind: 'approve' }
  /** Pending: the shopper approves or cancels on the provider's page (the simulator's redirect page). */
  | { kind: 'redirect' };

/**
 * Where the outcome comes from. 'issuer': the simulated issuer answered, so the outcome carries
 * the CVV (and, when approved, AVS) response. 'validation': refused before reaching an issuer.
 */
export type Stage = 'validation' | 'issuer';

export type CardCheck =
  | 'forcedDecline' //   card.holder is a forceable rejection code
  | 'noCard' //          account 'card' without card data
  | 'numberMalformed' // not 12-19 ASCII digits
  | 'luhnFailed'
  | 'brandUnknown' //    no paymentBrand and none detected from the number
  | 'brandMismatch' //   paymentBrand is not a brand of this number
  | 'lengthInvalid' //   the brand does not issue numbers of this length
  | 'expiryMalformed'
  | 'expired'
  | 'cvvMissing' //      customer present, brand needs a CVV, none sent
  | 'cvvLength' //       CVV sent, not the brand's length of digits
  | 'threeDSecureCard' // enrolled test card, customer present, no external authentication
  | 'testCard'
  | 'anyCard';

export interface Rule<Check extends string> {
  when: Check;
  then: Action;
  stage: Stage;
  /** risk.score of the outcome (-99999..99999); deterministic so tests and merchants can rely on it. */
  riskScore: number;
}

export const CARD_RULES: readonly Rule<CardCheck>[] = [
  // A merchant tests its decline handling by typing the wanted code as card holder (§9).
  { when: 'forcedDecline', then: { kind: 'declineForced' }, stage: 'issuer', riskScore: 0 },
  { when: 'noCard', then: { kind: 'decline', resultCode: '100.100.100' }, stage: 'validation', riskScore: 0 },
  { when: 'numberMalformed', then: { kind: 'decline', resultCode: '100.100.101' }, stage: 'validation', riskScore: 0 },
  { when: 'luhnFailed', then: { kind: 'decline', resultCode: '100.100.101' }, stage: 'validation', riskScore: 0 },
  { when: 'brandUnknown', then: { kind: 'decline', resultCode: '100.100.101' }, stage: 'validation', riskScore: 0 },
  { when: 'brandMismatch', then: { kind: 'decline', resultCode: '100.100.700' }, stage: 'validation', riskScore: 0 },
  { when: 'lengthInvalid', then: { kind: 'decline', resultCode: '100.100.700' }, stage: 'validation', riskScore: 0 },
  // Only reachable when the relay's format check is bypassed; the issuer would call it a wrong date.
  { when: 'expiryMalformed', then: { kind: 'decline', resultCode: '800.100.157' }, stage: 'validation', riskScore: 0 },
  { when: 'expired', then: { kind: 'decline', resultCode: '100.100.303' }, stage: 'validation', riskScore: 0 },
  { when: 'cvvMissing', then: { kind: 'decline', resultCode: '100.100.600' }, stage: 'validation', riskScore: 0 },
  { when: 'cvvLength', then: { kind: 'decline', resultCode: '100.100.601' }, stage: 'validation', riskScore: 0 },
  { when: 'threeDSecureCard', then: { kind: 'challenge' }, stage: 'issuer', riskScore: 0 },
  { when: 'testCard', then: { kind: 'approve' }, stage: 'issuer', riskScore: 0 },
  // Like a real test system, the simulator knows only its test cards: any other well-formed card
  // is declined by the simulated issuer as an invalid card.
  { when: 'anyCard', then: { kind: 'decline', resultCode: '800.100.151' }, stage: 'issuer', riskScore: 100 },
];

export type AccountCheck =
  | 'forcedDecline' //   bankAccount.holder, or a wallet token's testResultCode, is a forceable rejection code
  | 'notConfigured' //   the brand is unknown or not of the account kind sent
  | 'testBankAccount' // IBAN (and BIC, when sent) of TEST_BANK_ACCOUNTS
  | 'ibanInvalid' //     no IBAN, or its ISO 7064 mod 97-10 check fails
  | 'always';

export interface AccountRule extends Rule<AccountCheck> {
  /** Only for this brand (absent: any brand). */
  brand?: string;
  /** Only for brands of this kind (absent: any kind). */
  kind?: Exclude<BrandKind, 'card'>;
}

export const ACCOUNT_RULES: readonly AccountRule[] = [
  { when: 'forcedDecline', then: { kind: 'declineForced' }, stage: 'issuer', riskScore: 0 },
  { when: 'notConfigured', then: { kind: 'decline', resultCode: '600.200.500' }, stage: 'validation', riskScore: 0 },
  { brand: 'DIRECTDEBIT_SEPA', when: 'testBankAccount', then: { kind: 'approve' }, stage: 'issuer', riskScore: 0 },
  { brand: 'DIRECTDEBIT_SEPA', when: 'ibanInvalid', then: { kind: 'decline', resultCode: '100.100.101' }, stage: 'validation', riskScore: 0 },
  // A well-formed account that is not a test account: the simulated bank does not know it.
  { brand: 'DIRECTDEBIT_SEPA', when: 'always', then: { kind: 'decline', resultCode: '800.100.100' }, stage: 'issuer', riskScore: 100 },
  // Online bank transfers (SOFORTUEBERWEISUNG, IDEAL, GIROPAY), PayPal and virtual accounts send
  // the shopper away to confirm at the bank or provider: pending with a redirect to the
  // simulator's page, where the shopper approves, cancels or never comes back (payments/redirect.ts).
  { kind: 'bankAccount', when: 'always', then: { kind: 'redirect' }, stage: 'issuer', riskScore: 0 },
  { brand: 'PAYPAL', when: 'always', then: { kind: 'redirect' }, stage: 'issuer', riskScore: 0 },
  { kind: 'virtualAccount', when: 'always', then: { kind: 'redirect' }, stage: 'issuer', riskScore: 0 },
  // Slips and token wallets: the simulator cannot check a slip payment or decrypt a device token, so
  // it approves (a malformed token is refused before, a test token may force a decline above).
  { kind: 'voucher', when: 'always', then: { kind: 'approve' }, stage: 'issuer', riskScore: 0 },
  { kind: 'wallet', when: 'always', then: { kind: 'approve' }, stage: 'issuer', riskScore: 0 },
];

// ---------------------------------------------------------------------------------------------
// Parameters of the checks and the response tables.

/** The success code of each test mode (widget-surface §8: integrator vs connector test mode). */
export const APPROVAL_CODES: Readonly<Record<TestMode, string>> = {
  INTERNAL: '000.100.110',
  EXTERNAL: '000.100.112',
  LIVE: '000.000.000',
};

/** Payment types that authenticate the customer; a credit (CD) pays the customer out, no challenge. */
export const CHALLENGE_PAYMENT_TYPES: readonly string[] = ['PA', 'DB'];

/** Card brands that may be presented without a CVV (many Maestro cards have none printed). */
export const CVV_OPTIONAL_BRANDS: readonly string[] = ['MAESTRO'];

/** result.cvvResponse: the simulated issuer matches any CVV of the right length (spec "Test modes"). */
export const CVV_RESPONSES = { sent: 'M', notSent: 'P' } as const;

/**
 * result.avsResponse by which billing fields were sent. The simulated issuer agrees with whatever
 * it is given and cannot compare what it is not given: F both match, A address only, Z postcode
 * only, U nothing to compare (AVS not applicable).
 */
export const AVS_RESPONSES: readonly { street: boolean; postcode: boolean; response: string }[] = [
  { street: true, postcode: true, response: 'F' },
  { street: true, postcode: false, response: 'A' },
  { street: false, postcode: true, response: 'Z' },
  { street: false, postcode: false, response: 'U' },
];
