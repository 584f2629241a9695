// The paymentMethods filter of a transaction report: method codes to the brands that pay that way,
// read from the brand table (spec/brands.ts), so a new brand is reported under its kind at once.

import { CARD_BRANDS, OTHER_BRANDS, type BrandKind } from '../../../spec/brands.js';

const KIND_OF_METHOD: Readonly<Record<string, BrandKind>> = {
  CC: 'card',
  DD: 'bankAccount',
  VA: 'virtualAccount',
  WA: 'wallet',
  VO: 'voucher',
};

/** The brand codes of the methods in a validated list ('CC,VO'); undefined for '*' (any). */
export function brandsOfMethods(list: string): string[] | undefined {
  if (list === '*') return undefined;
  const kinds = new Set(list.split(',').map((m) => KIND_OF_METHOD[m]));
  return [...CARD_BRANDS, ...OTHER_BRANDS].filter((b) => kinds.has(b.kind)).map((b) => b.code);
}
