// The settlement fee of a payment, from the entity's fee table (EntitySettings.settlementFees): a
// percentage in basis points plus a fixed amount, by brand, '*' for any other brand. No table, or
// no row for the brand, is no fee. Integer arithmetic (BigInt), rounding half up.

import type { SettlementFee } from '../domain/records.js';

export function feeOf(table: Readonly<Record<string, SettlementFee>> | undefined, brand: string | null, amount: number): number {
  if (!table) return 0;
  const row = (brand !== null && Object.hasOwn(table, brand) ? table[brand] : undefined) ?? (Object.hasOwn(table, '*') ? table['*'] : undefined);
  if (!row) return 0;
  const percentage = (BigInt(amount) * BigInt(row.basisPoints) + 5_000n) / 10_000n;
  return Number(percentage) + row.fixed;
}

/** `VISA=2.50%+0.30` (brand or `*`, a percentage with up to 2 decimals, a fixed amount): the CLI's form. */
const FEE_OPTION = /^([A-Za-z0-9_]{1,32}|\*)=([0-9]{1,3})(?:\.([0-9]{1,2}))?%\+([0-9]{1,10})(?:\.([0-9]{2}))?$/;

/** A fee table row from its text, or undefined when the text is not `BRAND=P%+AMOUNT`. */
export function parseFeeOption(text: string): [string, SettlementFee] | undefined {
  const m = FEE_OPTION.exec(text);
  if (!m) return undefined;
  const basisPoints = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  const fixed = Number(m[4]) * 100 + Number(m[5] ?? '0');
  if (basisPoints > 10_000) return undefined;
  return [m[1] ?? '*', { basisPoints, fixed }];
}
