// Amounts as integer minor units. The wire format is N10.N2 (1-10 integer digits, optionally a dot
// and exactly two decimals); it is parsed character by character into an integer, never through
// Number()/parseFloat, which accept '1e3', '0x10', ' 10', '' and round large values.
//
// A "minor unit" here is always one hundredth of the amount as sent, whatever the currency: the API
// sends two decimals for every currency, JPY and other zero-decimal currencies included ('100.00'
// JPY is 10000 minor units here). currencyExponent() tells how many of those decimals the currency
// really has, for the places where that matters (display, rejecting a fraction of a yen).

/** Largest amount the grammar allows: 9999999999.99, as minor units (well below 2^53). */
export const MAX_AMOUNT_MINOR = 999_999_999_999;

const ZERO = 48; // '0'
const NINE = 57; // '9'
const DOT = 46; // '.'

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

/** Parses 'N10.N2' into minor units; throws RangeError on anything else (sign, spaces, exponent…). */
export function parseAmount(s: string): number {
  const dot = s.indexOf('.');
  const integerEnd = dot === -1 ? s.length : dot;
  if (integerEnd < 1 || integerEnd > 10) throw new RangeError('amount must have 1 to 10 integer digits');
  if (dot !== -1 && s.length !== dot + 3) throw new RangeError('amount must have exactly 2 decimals after the dot');
  let minor = 0;
  for (let i = 0; i < s.length; i++) {
    if (i === dot) continue;
    const c = s.charCodeAt(i);
    // Only ASCII 0-9: fullwidth and other Unicode digits are not digits on this wire.
    if (!isDigit(c)) throw new RangeError('amount must be digits with a dot decimal separator');
    minor = minor * 10 + (c - ZERO);
  }
  return dot === -1 ? minor * 100 : minor;
}

/** Formats minor units as 'N10.N2' (e.g. 1000 -> '10.00'); throws on a value the grammar cannot hold. */
export function formatAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0 || minor > MAX_AMOUNT_MINOR) {
    throw new RangeError('amount must be an integer number of minor units from 0 to 999999999999');
  }
  const units = Math.floor(minor / 100);
  const cents = minor % 100;
  return `${units}.${cents < 10 ? '0' : ''}${cents}`;
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
