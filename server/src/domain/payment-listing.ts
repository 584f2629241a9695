// What the back office's payment list filters and searches by that a payment's own columns do not
// say: the method it was paid with, the card's last four digits and the customer's e-mail. They are
// set once, when a payment is made (the flow knows its method and account), and a follow-up
// (capture, refund, reversal, chargeback) inherits its payment's, so a search for a card's last
// four finds the whole family. Never more of a card than its last four digits.

import { brandOf } from '../../../spec/brands.js';
import type { PaymentRecord } from './records.js';
import { normalizeEmail } from './users.js';

/** The methods the list filters by (docs/back-office-api.md): a voucher slip is `voucher`. */
export const LISTED_METHODS = ['card', 'voucher', 'bankAccount', 'virtualAccount', 'wallet', 'redirect'] as const;
export type ListedMethod = (typeof LISTED_METHODS)[number];

export function isListedMethod(text: string): text is ListedMethod {
  return (LISTED_METHODS as readonly string[]).includes(text);
}

/** The listing's facts of one payment record; null where the payment has none. */
export interface ListingFacts {
  method: ListedMethod | null;
  cardLast4: string | null;
  customerEmail: string | null;
}

/** The customer's e-mail as the list compares it (lowercase), or null when none was sent. */
export function listedEmail(email: string | undefined | null): string | null {
  return email ? normalizeEmail(email) : null;
}

/** The facts a follow-up takes from the payment it references. */
export function inheritedListing(payment: PaymentRecord): Pick<PaymentRecord, 'method' | 'cardLast4' | 'customerEmail'> {
  return { method: payment.method ?? null, cardLast4: payment.cardLast4 ?? null, customerEmail: payment.customerEmail ?? null };
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'object' && found !== null ? (found as Record<string, unknown>) : undefined;
}

/**
 * The facts read back from a payment's stored answer, for rows written before they had columns
 * (migration 019). The answer shows the account it was paid with (card, bankAccount,
 * virtualAccount) and the customer; a brand paid without an account is a wallet, a slip or a
 * redirect to the provider's page, as the brand table says.
 */
export function listingFactsOfAnswer(answerJson: string, paymentBrand: string | null): ListingFacts {
  let answer: unknown;
  try {
    answer = JSON.parse(answerJson);
  } catch {
    answer = undefined;
  }
  const card = objectAt(answer, 'card');
  const last4 = card?.last4Digits;
  const email = objectAt(answer, 'customer')?.email;
  return {
    method: methodOfAnswer(answer, paymentBrand),
    cardLast4: typeof last4 === 'string' && /^\d{4}$/.test(last4) ? last4 : null,
    customerEmail: typeof email === 'string' ? listedEmail(email) : null,
  };
}

/** The method a payment was paid with, read from its stored answer: the account it shows, else its brand's kind. */
export function methodOfAnswer(answer: unknown, paymentBrand: string | null): ListedMethod | null {
  if (objectAt(answer, 'card')) return 'card';
  const kind = paymentBrand === null ? undefined : brandOf(paymentBrand)?.kind;
  if (kind === 'voucher') return 'voucher';
  if (objectAt(answer, 'bankAccount')) return 'bankAccount';
  if (objectAt(answer, 'virtualAccount')) return 'virtualAccount';
  if (kind === 'wallet') return 'wallet';
  if (kind === 'bankAccount' || kind === 'virtualAccount') return 'redirect';
  return kind === 'card' ? 'card' : null;
}
