// The amount grammar N10.N2 and its one reader and writer. Amounts are integer minor units (one
// hundredth of the amount as sent, whatever the currency), built digit by digit, never through
// Number()/parseFloat, which accept '1e3', '0x10', ' 10', '' and round large values. The relay
// also reads an integer amount ('10') as '10.00'.

/** Largest amount the grammar allows: 9999999999.99, as minor units (well below 2^53). */
export const MAX_AMOUNT_MINOR = 999_999_999_999;

const ZERO = 48; // '0'
const NINE = 57; // '9'

/** Reads an amount into minor units; null when it is not in the grammar. */
export function parseAmount(s: string): number | null {
  const dot = s.indexOf('.');
  const integerEnd = dot === -1 ? s.length : dot;
  if (integerEnd < 1 || integerEnd > 10) return null;
  if (dot !== -1 && s.length !== dot + 3) return null;
  let minor = 0;
  for (let i = 0; i < s.length; i++) {
    if (i === dot) continue;
    const c = s.charCodeAt(i);
    // Only ASCII 0-9: fullwidth and other Unicode digits are not digits on this wire.
    if (c < ZERO || c > NINE) return null;
    minor = minor * 10 + (c - ZERO);
  }
  return dot === -1 ? minor * 100 : minor;
}

/** Writes minor units as the canonical amount (e.g. 1000 -> '10.00'); throws outside the grammar. */
export function formatAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0 || minor > MAX_AMOUNT_MINOR) {
    throw new RangeError(`amount in minor units out of range: ${minor}`);
  }
  const cents = minor % 100;
  return `${(minor - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}
