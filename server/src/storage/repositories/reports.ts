// Transaction reports: an entity's payments by reference or by time range, with their follow-ups.

import type { PaymentRecord } from '../../domain/records.js';
import { followUpsOf, paymentsByReference, paymentsInRange, type PaymentRange, type PaymentRangeQuery } from '../reports.js';
import type { Scope } from './scope.js';

export type { PaymentRange, PaymentRangeQuery } from '../reports.js';

export interface ReportsRepository {
  /** Every payment of an entity with this merchantTransactionId, oldest first (at most 100). */
  paymentsByReference(entityId: string, reference: string): Promise<PaymentRecord[]>;
  /** One page of an entity's payments created in a time range, and how many there are in all. */
  paymentsInRange(query: PaymentRangeQuery): Promise<PaymentRange>;
  /** The records that reference any of the payments, oldest first. */
  followUpsOf(entityId: string, ids: readonly string[]): Promise<PaymentRecord[]>;
}

export class KyselyReports implements ReportsRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  paymentsByReference(entityId: string, reference: string): Promise<PaymentRecord[]> {
    return paymentsByReference(this.#s.db, entityId, reference);
  }

  paymentsInRange(query: PaymentRangeQuery): Promise<PaymentRange> {
    return paymentsInRange(this.#s.db, query);
  }

  followUpsOf(entityId: string, ids: readonly string[]): Promise<PaymentRecord[]> {
    return followUpsOf(this.#s.db, entityId, ids);
  }
}
