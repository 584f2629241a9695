// The rules of the expiry and holder fields, one copy for both places they may live: inputs on the
// merchant page (the default) or, with enableSAQACompliance, frames of their own on the relay
// origin. The expiry is shown as "MM / YY" and submitted as card.expiryMonth (01–12) and
// card.expiryYear (four digits).

export interface Edit {
  value: string;
  caret: number;
}

const digitsOf = (text: string): string => text.replace(/[^0-9]/g, '');

/** Formats what the shopper typed or pasted as "MM / YY", keeping the caret after the same digit. */
export function formatExpiry(raw: string, caret: number): Edit {
  // A pasted or autofilled "12/2030" becomes "12 / 30".
  const full = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(raw);
  if (full) {
    const value = `${full[1]!.padStart(2, '0')} / ${full[2]!.slice(2)}`;
    return { value, caret: value.length };
  }
  let digits = digitsOf(raw);
  let before = digitsOf(raw.slice(0, caret)).length;
  // "4" can only be April: show "04" so the shopper can go straight on to the year.
  if (digits.length > 0 && digits[0]! > '1') {
    digits = '0' + digits;
    if (before > 0) before++;
  }
  digits = digits.slice(0, 4);
  before = Math.min(before, digits.length);
  const value = digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
  const caretPos = before <= 2 ? before : before + 3;
  return { value, caret: Math.min(caretPos, value.length) };
}

export interface Expiry {
  month: string;
  year: string;
}

/** "MM / YY", "MM/YY", "MMYY", "MM / YYYY" -> {month: "MM", year: "YYYY"}; null otherwise. */
export function parseExpiry(value: string): Expiry | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = m[1]!.padStart(2, '0');
  const year = m[2]!.length === 2 ? `20${m[2]}` : m[2]!;
  return { month, year };
}

/** Month 01–12, year 19xx/20xx, and (unless disabled) not before the current month. */
export function expiryValid(e: Expiry | null, now: Date, checkDate = true): boolean {
  if (!e || !/^(0[1-9]|1[0-2])$/.test(e.month) || !/^(19|20)\d\d$/.test(e.year)) return false;
  if (!checkDate) return true;
  const current = now.getFullYear() * 12 + now.getMonth();
  const expires = Number(e.year) * 12 + (Number(e.month) - 1);
  return expires >= current && expires <= current + 12 * 20;
}

/** Optional; when given, 3–128 characters without control characters (card.holder is A128, 3–128). */
export function holderOk(value: string): boolean {
  const v = value.trim();
  // eslint-disable-next-line no-control-regex
  return v === '' || (v.length >= 3 && v.length <= 128 && !/[\u0000-\u001f\u007f]/.test(v));
}
