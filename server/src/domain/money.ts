// Amounts as integer minor units; the grammar's reader and writer are spec/amount.ts.
//
// A "minor unit" here is always one hundredth of the amount as sent, whatever the currency: the API
// sends two decimals for every currency, JPY and other zero-decimal currencies included ('100.00'
// JPY is 10000 minor units here). currencyExponent() tells how many of those decimals the currency
// really has, for the places where that matters (display, rejecting a fraction of a yen).

import { formatAmount, MAX_AMOUNT_MINOR, parseAmount as readAmount } from '../../../spec/amount.js';

export { formatAmount, MAX_AMOUNT_MINOR };

/** Parses 'N10.N2' (or an integer amount) into minor units; throws RangeError on anything else. */
export function parseAmount(s: string): number {
  const minor = readAmount(s);
  if (minor === null) throw new RangeError('amount must be 1 to 10 digits, optionally a dot and exactly 2 decimals');
  return minor;
}

/**
 * ISO 4217 currencies whose minor unit is not 1/100. Every other currency has two decimals.
 * The list is the ISO 4217 exponent table for currencies in circulation.
 */
const EXPONENTS: Readonly<Record<string, 0 | 3>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0,
  VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** Decimals the currency really has (0, 2 or 3); the wire format still carries two. */
export function currencyExponent(currency: string): 0 | 2 | 3 {
  return Object.hasOwn(EXPONENTS, currency) ? (EXPONENTS[currency] ?? 2) : 2;
}

/**
 * Whether minor units (hundredths as sent) are representable in the currency: a zero-decimal
 * currency takes '100.00' but not '100.50'. Three-decimal currencies cannot send their third
 * decimal through N10.N2 at all, so every value is representable for them.
 */
export function representableIn(minor: number, currency: string): boolean {
  return currencyExponent(currency) !== 0 || minor % 100 === 0;
}
