// Currency quotes: written once, read within their entity, used by at most one payment (../quotes.ts).

import type { EpochMs } from '../../domain/records.js';
import { findQuote, insertQuote, listUsedQuotes, releaseQuote, useQuote, type FxQuote, type UsedQuoteCursor } from '../quotes.js';
import type { Scope } from './scope.js';

export type { FxQuote, UsedQuoteCursor } from '../quotes.js';

export interface QuotesRepository {
  insert(quote: FxQuote): Promise<void>;
  find(entityId: string, id: string): Promise<FxQuote | undefined>;
  /** Marks the quote used by the payment if it is the entity's, unused and valid; false otherwise. */
  use(entityId: string, id: string, paymentId: string, now: EpochMs): Promise<boolean>;
  /** Gives a quote back from a payment that was declined or never written. */
  release(id: string, paymentId: string): Promise<void>;
  /** The quotes of these entities a payment used within [from, to], newest use first, at most `limit`, after `after`. */
  listUsed(entityIds: readonly string[], from: EpochMs, to: EpochMs, after: UsedQuoteCursor | undefined, limit: number): Promise<FxQuote[]>;
}

export class KyselyQuotes implements QuotesRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  insert(quote: FxQuote): Promise<void> {
    return insertQuote(this.#s.db, quote);
  }

  find(entityId: string, id: string): Promise<FxQuote | undefined> {
    return findQuote(this.#s.db, entityId, id);
  }

  use(entityId: string, id: string, paymentId: string, now: EpochMs): Promise<boolean> {
    return useQuote(this.#s.db, entityId, id, paymentId, now);
  }

  release(id: string, paymentId: string): Promise<void> {
    return releaseQuote(this.#s.db, id, paymentId);
  }

  listUsed(entityIds: readonly string[], from: EpochMs, to: EpochMs, after: UsedQuoteCursor | undefined, limit: number): Promise<FxQuote[]> {
    return listUsedQuotes(this.#s.db, entityIds, from, to, after, limit);
  }
}
