// The guaranteed FX rate ("Integration through an external payment gateway": all charges in BRL,
// a rate valid for the next 24 business hours for converting USD prices). The spec names no route
// or fields, so these rows are this relay's design (docs/reports-and-settlement.md, "Currency quotes").

import type { ParamRow } from './row.js';

export const quotes: readonly ParamRow[] = [
  { name: 'targetCurrency', format: 'currency', requirement: 'Optional', notes: 'The currency the merchant charges in; default BRL.' },
  { name: 'quoteId', format: '/^[0-9a-f]{32}$/', requirement: 'Optional', notes: 'A payment priced with this quote: charged in its target currency, settled at its rate.' },
];
