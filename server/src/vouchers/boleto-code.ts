// The FEBRABAN bank slip code: the 44-digit bar code and the 47-digit digitable line a shopper
// types at a bank. Bar code: bank (3), currency 9 = real (1), general check digit (1, modulo 11),
// due-date factor (4), amount in centavos (10), free field of the issuing bank (25). Digitable
// line: three fields of the bar code each closed by a modulo-10 digit, the general digit, then
// factor and amount.

/** Modulo 10 of the digitable line's fields: weights 2,1,2,… from the right, digits of products summed. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = (digits.charCodeAt(i) - 48) * weight;
    sum += p > 9 ? p - 9 : p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 of the bar code's general digit: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const d = 11 - (sum % 11);
  return d === 0 || d === 10 || d === 11 ? 1 : d;
}

const FACTOR_BASE = Date.UTC(1997, 9, 7);

/**
 * Days since 1997-10-07, kept in 1000..9999: factor 9999 (2025-02-21) was followed by 1000
 * (2025-02-22), the FEBRABAN reset, and every 9000 days the range is reused again.
 */
export function dueDateFactor(day: string): number {
  const days = Math.round((Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) - FACTOR_BASE) / 86_400_000);
  if (days < 1000) throw new RangeError(`no due-date factor before 2000-07-03: ${day}`);
  return ((days - 1000) % 9000) + 1000;
}

/** Largest amount a bar code holds: ten digits of centavos. */
export const MAX_BOLETO_AMOUNT = 9_999_999_999;

export interface BoletoFields {
  /** Three digits. */
  bank: string;
  /** yyyy-mm-dd. */
  dueDate: string;
  /** Centavos. */
  amount: number;
  /** 25 digits chosen by the issuing bank (agency, account, our number). */
  freeField: string;
}

export function barCode(f: BoletoFields): string {
  if (!/^\d{3}$/.test(f.bank) || !/^\d{25}$/.test(f.freeField)) throw new RangeError('bank must be 3 digits and the free field 25');
  if (!Number.isSafeInteger(f.amount) || f.amount < 0 || f.amount > MAX_BOLETO_AMOUNT) throw new RangeError('amount out of the bar code range');
  const factor = String(dueDateFactor(f.dueDate)).padStart(4, '0');
  const amount = String(f.amount).padStart(10, '0');
  const body = `${f.bank}9${factor}${amount}${f.freeField}`;
  return `${body.slice(0, 4)}${mod11(body)}${body.slice(4)}`;
}

/** The digitable line of a 44-digit bar code, digits only. */
export function digitableLine(code: string): string {
  const f1 = code.slice(0, 4) + code.slice(19, 24);
  const f2 = code.slice(24, 34);
  const f3 = code.slice(34, 44);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${code[4]}${code.slice(5, 19)}`;
}

/** The line as printed: 00000.00000 00000.000000 00000.000000 0 00000000000000. */
export function formatDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}

/** The bar code a digitable line stands for (punctuation ignored); undefined when its check digits fail. */
export function barCodeOfLine(printed: string): string | undefined {
  const line = printed.replace(/[.\s]/g, '');
  if (!/^\d{47}$/.test(line)) return undefined;
  const f1 = line.slice(0, 9);
  const f2 = line.slice(10, 20);
  const f3 = line.slice(21, 31);
  if (mod10(f1) !== Number(line[9]) || mod10(f2) !== Number(line[20]) || mod10(f3) !== Number(line[31])) return undefined;
  const code = `${f1.slice(0, 4)}${line[32]}${line.slice(33)}${f1.slice(4)}${f2}${f3}`;
  return validBarCode(code) ? code : undefined;
}

export function validBarCode(code: string): boolean {
  return /^\d{44}$/.test(code) && mod11(code.slice(0, 4) + code.slice(5)) === Number(code[4]);
}
