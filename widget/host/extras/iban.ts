// IBAN checks of the direct-debit form, before anything is sent: ISO 13616 shape and the
// ISO 7064 mod 97-10 checksum (the relay checks again).

/** The IBAN without spaces, upper case. */
export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export function ibanValid(raw: string): boolean {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  let rest = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** Empty (optional), or 8 or 11 letters and digits. */
export function bicValid(raw: string): boolean {
  const bic = raw.trim();
  return bic === '' || /^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/.test(bic);
}
