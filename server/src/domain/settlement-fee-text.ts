// A row of a channel's settlement fee table as people write it: `VISA=2.50%+0.30` (a brand or `*`
// for any other, a percentage with up to two decimals, a fixed amount). Read here, below both the
// command line and the back office that set the table (merchants/entity-settings-input.ts), and
// the settlement that charges it (settlement/fees.ts).

import type { SettlementFee } from './records.js';

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
