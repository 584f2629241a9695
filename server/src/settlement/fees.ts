// The settlement fee of a payment, from the entity's fee table (EntitySettings.settlementFees): a
// percentage in basis points plus a fixed amount, by brand, '*' for any other brand. No table, or
// no row for the brand, is no fee. Integer arithmetic (BigInt), rounding half up. A row's text
// (`VISA=2.50%+0.30`) is read by domain/settlement-fee-text.ts, for whoever sets the table.

import type { SettlementFee } from '../domain/records.js';

export function feeOf(table: Readonly<Record<string, SettlementFee>> | undefined, brand: string | null, amount: number): number {
  if (!table) return 0;
  const row = (brand !== null && Object.hasOwn(table, brand) ? table[brand] : undefined) ?? (Object.hasOwn(table, '*') ? table['*'] : undefined);
  if (!row) return 0;
  const percentage = (BigInt(amount) * BigInt(row.basisPoints) + 5_000n) / 10_000n;
  return Number(percentage) + row.fixed;
}
