// What a summary-page checkout keeps between the shopper's submit and the merchant's completion
// (useSummaryPage): the form's fields, with the card number sealed by the card vault as a stored
// registration's is, and the CVV never kept. The CVV was checked (digits, length for the brand)
// when the data was saved; the payment made later counts it as given then (cvvVerified).
// Kept in the checkout's parameters under a name no catalogue parameter can have, so it lives in
// the store (any relay completes it) and goes with the checkout when it expires.

import { cvvLengthFor, detectBrands } from '../domain/card.js';
import type { CardVault } from '../crypto/card-vault.js';
import type { FlatParams } from '../params/types.js';

/** The checkout parameter holding the saved data (catalogue names never start with `_`). */
export const SAVED_DATA = '_savedTransactionData';

/** Internal names of a checkout's parameters: never validated, never sent to a payment. */
export const isInternalParam = (name: string): boolean => name.startsWith('_');

interface SavedJson {
  /** Form fields other than card.number and card.cvv, in order. */
  fields: [string, string][];
  /** card.number sealed by the vault, when a card was sent. */
  sealedNumber?: string;
  /** A CVV of the brand's length was given at save time. */
  cvvGiven: boolean;
}

export interface SavedData {
  params: Map<string, string>;
  cvvGiven: boolean;
}

/** The saved form as stored: the number sealed, the CVV reduced to whether it was right. */
export function sealSaved(vault: CardVault, submitted: FlatParams): string {
  const fields: [string, string][] = [];
  for (const [name, value] of submitted) if (name !== 'card.number' && name !== 'card.cvv') fields.push([name, value]);
  const number = submitted.get('card.number');
  const cvv = submitted.get('card.cvv') ?? '';
  const brand = submitted.get('paymentBrand') ?? (number ? detectBrands(number)[0] : undefined) ?? '';
  const saved: SavedJson = { fields, cvvGiven: /^[0-9]+$/.test(cvv) && cvv.length === cvvLengthFor(brand) };
  if (number) saved.sealedNumber = vault.seal(number);
  return JSON.stringify(saved);
}

/** The saved form with its card number opened again, for the payment only. */
export function openSaved(vault: CardVault, stored: string): SavedData {
  const saved = JSON.parse(stored) as SavedJson;
  const params = new Map(saved.fields);
  if (saved.sealedNumber) params.set('card.number', vault.open(saved.sealedNumber));
  return { params, cvvGiven: saved.cvvGiven };
}

/** The saved card number as sealed in a checkout's parameters (JSON), or undefined when none was saved. */
export function savedSealedNumber(paramsJson: string): string | undefined {
  const stored = paramsOf(paramsJson).get(SAVED_DATA);
  return stored === undefined ? undefined : (JSON.parse(stored) as SavedJson).sealedNumber;
}

/** The checkout's parameters (JSON) with the saved card number sealed anew (a key rotation); the rest as it was. */
export function withSavedSealedNumber(paramsJson: string, sealedNumber: string): string {
  const params = paramsOf(paramsJson);
  const stored = params.get(SAVED_DATA);
  if (stored === undefined) throw new Error('the checkout holds no saved data');
  params.set(SAVED_DATA, JSON.stringify({ ...(JSON.parse(stored) as SavedJson), sealedNumber }));
  return JSON.stringify([...params]);
}

/** A checkout's parameters as stored (prepare.ts's checkoutParams, which imports this file). */
const paramsOf = (paramsJson: string): Map<string, string> => new Map(JSON.parse(paramsJson) as [string, string][]);
