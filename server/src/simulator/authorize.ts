// The simulator: a pure function from an authorization request to its outcome. It walks the rule
// tables of rules.ts top to bottom and acts on the first row whose check holds; the checks below
// are the only behaviour, each one line over facts computed once.

import { brandOf } from '../../../spec/brands.js';
import { brandMatches, cvvLengthFor, detectBrands, expiryValid, expiryWellFormed, lengthValidFor, luhnValid } from '../domain/card.js';
import { forcedCode } from './forced-code.js';
import { sameBic } from './bic.js';
import { ibanValid } from '../domain/iban.js';
import {
  ACCOUNT_RULES,
  APPROVAL_CODES,
  AVS_RESPONSES,
  CARD_RULES,
  CHALLENGE_PAYMENT_TYPES,
  CVV_OPTIONAL_BRANDS,
  CVV_RESPONSES,
  TEST_BANK_ACCOUNTS,
  TEST_CARDS,
  type AccountCheck,
  type AccountRule,
  type CardCheck,
  type Rule,
  type TestCard,
} from './rules.js';
import type { AuthorizationOutcome, AuthorizationRequest, CardInput } from './types.js';

const CARD_NUMBER = /^[0-9]{12,19}$/;
const CVV_DIGITS = /^[0-9]+$/;

/** What the card checks look at, computed once per request. */
interface CardFacts {
  req: AuthorizationRequest;
  card: CardInput | undefined;
  number: string;
  /** The brand the card is processed as: paymentBrand, or the first detected one. */
  brand: string;
  detected: readonly string[];
  testCard: TestCard | undefined;
  cvvSent: boolean;
  /**
   * Card data decrypted from a wallet token by the merchant (walletPay.source): the device has
   * authenticated the shopper and a cryptogram replaces the CVV, so neither is asked for.
   */
  viaWallet: boolean;
}

const CARD_CHECKS: Readonly<Record<CardCheck, (f: CardFacts) => boolean>> = {
  forcedDecline: (f) => forcedCode(f.card?.holder) !== undefined,
  noCard: (f) => f.card === undefined,
  numberMalformed: (f) => !CARD_NUMBER.test(f.number),
  luhnFailed: (f) => !luhnValid(f.number),
  brandUnknown: (f) => f.brand === '',
  brandMismatch: (f) => !brandMatches(f.number, f.brand),
  lengthInvalid: (f) => !lengthValidFor(f.number, f.brand),
  expiryMalformed: (f) => !expiryWellFormed(f.card?.expiryMonth ?? '', f.card?.expiryYear ?? ''),
  expired: (f) => !expiryValid(f.card?.expiryMonth ?? '', f.card?.expiryYear ?? '', f.req.today),
  cvvMissing: (f) => !f.cvvSent && !f.req.merchantInitiated && !f.req.cvvVerified && !f.viaWallet && !CVV_OPTIONAL_BRANDS.includes(f.brand),
  cvvLength: (f) => f.cvvSent && !(CVV_DIGITS.test(f.card?.cvv ?? '') && f.card?.cvv?.length === cvvLengthFor(f.brand)),
  threeDSecureCard: (f) =>
    f.testCard?.threeDSecure === true &&
    !f.req.merchantInitiated &&
    !f.req.externalThreeDSecure &&
    !f.viaWallet &&
    CHALLENGE_PAYMENT_TYPES.includes(f.req.paymentType),
  testCard: (f) => f.testCard !== undefined,
  anyCard: () => true,
};

/** What the account checks look at. */
interface AccountFacts {
  req: AuthorizationRequest;
  brand: string;
}

/** The rejection code a non-card account asks for: its bank account holder, or its wallet token's testResultCode. */
function accountForcedCode(req: AuthorizationRequest): string | undefined {
  return forcedCode(req.bankAccount?.holder) ?? forcedCode(req.walletToken?.testResultCode);
}

const ACCOUNT_CHECKS: Readonly<Record<AccountCheck, (f: AccountFacts) => boolean>> = {
  forcedDecline: (f) => accountForcedCode(f.req) !== undefined,
  notConfigured: (f) => {
    const kind = brandOf(f.brand)?.kind;
    return kind === undefined || kind === 'card';
  },
  testBankAccount: (f) => {
    const account = f.req.bankAccount;
    return TEST_BANK_ACCOUNTS.some((t) => t.iban === account?.iban && (account.bic === undefined || sameBic(account.bic, t.bic)));
  },
  ibanInvalid: (f) => !ibanValid(f.req.bankAccount?.iban ?? ''),
  always: () => true,
};

function cardFacts(req: AuthorizationRequest): CardFacts {
  const card = req.card;
  const number = card?.number ?? '';
  const detected = detectBrands(number);
  const viaWallet = req.paymentBrand !== undefined && brandOf(req.paymentBrand)?.kind === 'wallet';
  const brand = (viaWallet ? undefined : req.paymentBrand) ?? detected[0] ?? '';
  const cvvSent = card?.cvv !== undefined && card.cvv !== '';
  return { req, card, number, brand, detected, testCard: TEST_CARDS.find((t) => t.number === number), cvvSent, viaWallet };
}

function avsResponse(req: AuthorizationRequest): string | undefined {
  const street = (req.billing?.street1 ?? '') !== '';
  const postcode = (req.billing?.postcode ?? '') !== '';
  return AVS_RESPONSES.find((row) => row.street === street && row.postcode === postcode)?.response;
}

/**
 * Turns the deciding row into an outcome. `cvvSent` is undefined for non-card accounts, which
 * carry neither a CVV nor an AVS response.
 */
function outcome(rule: Rule<string>, req: AuthorizationRequest, forced: string | undefined, detectedBrand: string | undefined, cvvSent: boolean | undefined): AuthorizationOutcome {
  const fromIssuer = rule.stage === 'issuer' && cvvSent !== undefined;
  const cvv = fromIssuer ? { cvvResponse: cvvSent ? CVV_RESPONSES.sent : CVV_RESPONSES.notSent } : {};
  const avsValue = fromIssuer ? avsResponse(req) : undefined;
  const avs = avsValue === undefined ? {} : { avsResponse: avsValue };
  const base = { detectedBrand, riskScore: rule.riskScore };
  switch (rule.then.kind) {
    case 'decline':
      return { kind: 'declined', resultCode: rule.then.resultCode, ...base, ...cvv };
    case 'declineForced':
      // forced is defined whenever a forcedDecline row matched; 999.999.999 keeps the type total.
      return { kind: 'declined', resultCode: forced ?? '999.999.999', ...base, ...cvv };
    case 'challenge':
      return { kind: 'challenge', ...base, ...cvv, ...avs };
    case 'approve':
      return { kind: 'approved', resultCode: APPROVAL_CODES[req.testMode], ...base, ...cvv, ...avs };
    case 'redirect':
      return { kind: 'redirect', ...base };
  }
}

function firstMatch<R>(rules: readonly R[], holds: (rule: R) => boolean): R {
  const rule = rules.find(holds);
  // Every table ends with an 'always'/'anyCard' row, so this only fires on a broken table.
  if (rule === undefined) throw new Error('simulator rule table has no catch-all row');
  return rule;
}

function authorizeCard(req: AuthorizationRequest): AuthorizationOutcome {
  const facts = cardFacts(req);
  const rule = firstMatch(CARD_RULES, (r) => CARD_CHECKS[r.when](facts));
  return outcome(rule, req, forcedCode(facts.card?.holder), facts.detected[0], facts.cvvSent);
}

function applies(rule: AccountRule, brand: string): boolean {
  return (rule.brand === undefined || rule.brand === brand) && (rule.kind === undefined || rule.kind === brandOf(brand)?.kind);
}

function authorizeAccount(req: AuthorizationRequest): AuthorizationOutcome {
  const facts: AccountFacts = { req, brand: req.paymentBrand ?? '' };
  const rule = firstMatch(ACCOUNT_RULES, (r) => applies(r, facts.brand) && ACCOUNT_CHECKS[r.when](facts));
  return outcome(rule, req, accountForcedCode(req), undefined, undefined);
}

/** Decides a payment's authorization in the simulator. Pure: same request, same outcome. */
export function authorize(req: AuthorizationRequest): AuthorizationOutcome {
  return req.account === 'card' ? authorizeCard(req) : authorizeAccount(req);
}
