// IBAN check digits (ISO 13616, ISO 7064 mod 97-10): the simulator's SEPA rows judge a shopper's
// account with them, and a channel's payout account is checked with them before it is stored.

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,27}$/;

/** The specification's IBAN shape: 2 letters, 2 digits, 11-27 alphanumerics. */
export function ibanShaped(value: string): boolean {
  return IBAN.test(value);
}

/** The specification's IBAN shape with valid check digits. */
export function ibanValid(iban: string): boolean {
  if (!ibanShaped(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  // Letters count as 10..35; fold digit by digit so the number never leaves safe integers.
  let remainder = 0;
  for (const ch of rearranged) {
    const value = Number.parseInt(ch, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder === 1;
}
