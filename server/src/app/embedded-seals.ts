// Card numbers sealed inside the JSON of rows that live only for a while: a summary-page
// checkout's saved form (until the checkout expires) and the card of a 3-D Secure payment that
// asked for a registration (until the challenge ends). The re-sealing (reseal.ts) moves them like
// the columns of SEALED_COLUMNS, and `keys status` counts them, so that a key is never retired
// under a shopper who is still paying.

import { savedSealedNumber, withSavedSealedNumber } from '../checkouts/saved-data.js';
import type { EpochMs } from '../domain/records.js';
import type { PendingState } from '../payments/three-d-secure.js';
import type { SealedValue } from '../storage/repositories/sealed-values.js';
import type { Store } from '../storage/store.js';

export interface EmbeddedSeal {
  /** The name `keys status` counts them under. */
  name: 'savedCheckouts' | 'pendingCards';
  /** The rows that may hold one, by row key after `after`. */
  list(store: Store, now: EpochMs, after: string, limit: number): Promise<SealedValue[]>;
  /** The sealed card number the row's JSON holds, if any. */
  sealedOf(json: string): string | undefined;
  /** The row's JSON with the card number sealed anew. */
  withSealed(json: string, sealed: string): string;
  /** Writes the new JSON only over the JSON read. */
  replace(store: Store, key: string, old: string, next: string): Promise<boolean>;
}

export const EMBEDDED_SEALS: readonly EmbeddedSeal[] = [
  {
    name: 'savedCheckouts',
    list: (store, now, after, limit) => store.sealedValues.savedCheckouts(now, after, limit),
    sealedOf: savedSealedNumber,
    withSealed: withSavedSealedNumber,
    replace: (store, key, old, next) => store.sealedValues.replaceCheckoutParams(key, old, next),
  },
  {
    name: 'pendingCards',
    list: (store, _now, after, limit) => store.sealedValues.pendingCards(after, limit),
    sealedOf: (json) => (JSON.parse(json) as PendingState).sealedCard,
    withSealed: (json, sealedCard) => JSON.stringify({ ...(JSON.parse(json) as PendingState), sealedCard }),
    replace: (store, key, old, next) => store.sealedValues.replacePendingState(key, old, next),
  },
];
