// A channel's payout account, as an operator sets it (entity set --bank-account-…): checked
// against the formats the catalogue gives merchant.bankAccount.* in the payment answer, so that a
// stored account always answers in the spec's shape; a number shaped like an IBAN must also have
// valid check digits, which catches a mistyped IBAN before any answer shows it.

import { checker, type Checker } from '../../../spec/format.js';
import { response } from '../../../spec/params/response.js';
import { ibanShaped, ibanValid } from '../domain/iban.js';
import type { MerchantBankAccount } from '../domain/records.js';

export const BANK_ACCOUNT_FIELDS = ['holder', 'number', 'bic', 'country'] as const;
export type BankAccountField = (typeof BANK_ACCOUNT_FIELDS)[number];

function formatOf(field: BankAccountField): Checker {
  const name = `merchant.bankAccount.${field}`;
  const row = response.find((r) => r.name === name);
  if (!row) throw new Error(`spec/params/response.ts has no row ${name}`);
  return checker(row.format);
}

const FORMATS: Readonly<Record<BankAccountField, Checker>> = {
  holder: formatOf('holder'),
  number: formatOf('number'),
  bic: formatOf('bic'),
  country: formatOf('country'),
};

export type BankAccountCheck = { ok: true; account: MerchantBankAccount } | { ok: false; field: BankAccountField; message: string };

/** The account the given fields make, or the first field at fault. The holder is required. */
export function checkBankAccount(input: Partial<Record<BankAccountField, string>>): BankAccountCheck {
  if (input.holder === undefined) return { ok: false, field: 'holder', message: 'is required: the spec requires merchant.bankAccount.holder' };
  for (const field of BANK_ACCOUNT_FIELDS) {
    const value = input[field];
    const problem = value === undefined ? null : FORMATS[field](value);
    if (problem) return { ok: false, field, message: problem };
  }
  const { holder, number, bic, country } = input;
  if (number !== undefined && ibanShaped(number) && !ibanValid(number)) {
    return { ok: false, field: 'number', message: 'is shaped like an IBAN but its check digits are wrong (ISO 7064 mod 97-10)' };
  }
  return {
    ok: true,
    account: { holder, ...(number === undefined ? {} : { number }), ...(bic === undefined ? {} : { bic }), ...(country === undefined ? {} : { country }) },
  };
}
