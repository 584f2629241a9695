// The Brazilian tax numbers' check digits (CPF for people, CNPJ for companies): mod 11 over fixed
// weights, as the Receita Federal defines them. The relay's country rules (server/src/domain/
// country.ts) and the widget's slip form (widget/host/extras/slip-form.ts, checked as typed) use
// this one copy, so a number the form accepts is one the relay accepts. It imports nothing.

const ALL_SAME = /^(\d)\1*$/;

/** Check digit of the mod-11 scheme shared by CPF and CNPJ, over the given weights. */
function mod11(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** CPF: 11 digits, two mod-11 check digits; numbers of one repeated digit are not issued. */
export function validCpf(s: string): boolean {
  if (!/^\d{11}$/.test(s) || ALL_SAME.test(s)) return false;
  const d1 = mod11(s, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(s, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === s.charCodeAt(9) - 48 && d2 === s.charCodeAt(10) - 48;
}

/** CNPJ: 14 digits, two mod-11 check digits; numbers of one repeated digit are not issued. */
export function validCnpj(s: string): boolean {
  if (!/^\d{14}$/.test(s) || ALL_SAME.test(s)) return false;
  const d1 = mod11(s, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(s, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === s.charCodeAt(12) - 48 && d2 === s.charCodeAt(13) - 48;
}
