// IBAN check digits (ISO 13616, ISO 7064 mod 97-10), for the simulator's SEPA rows.

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,27}$/;

/** The specification's IBAN shape (2 letters, 2 digits, 11-27 alphanumerics) with valid check digits. */
export function ibanValid(iban: string): boolean {
  if (!IBAN.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  // Letters count as 10..35; fold digit by digit so the number never leaves safe integers.
  let remainder = 0;
  for (const ch of rearranged) {
    const value = Number.parseInt(ch, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder === 1;
}
