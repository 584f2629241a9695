// Checkouts: the widget's prepared payments, taken one attempt at a time (../checkouts.ts holds
// the conditional UPDATEs that decide each attempt).

import { sql, type CompiledQuery } from 'kysely';
import type { CheckoutRecord, EpochMs, PaymentStatus } from '../../domain/records.js';
import { claimCheckout, countCheckoutRead, endAttempt, markCheckoutSpent, releaseCheckout, updateCheckout, type AttemptEnd, type CheckoutChange } from '../checkouts.js';
import { checkoutFromRow, checkoutToRow } from '../rows.js';
import type { Scope } from './scope.js';

export type CheckoutClaim = 'claimed' | 'missing' | 'expired' | 'paid' | 'busy' | 'locked';

export interface CheckoutsRepository {
  insert(c: CheckoutRecord): Promise<void>;
  /** The insert as a statement, for a composite write's batch. */
  insertStatement(c: CheckoutRecord): CompiledQuery;
  /** By id alone (the widget's public routes); callers check the entity where it matters. */
  find(id: string): Promise<CheckoutRecord | undefined>;
  /**
   * Takes the checkout for one payment attempt, atomically: not expired, no success yet, fewer
   * than maxDeclines declines, no unexpired lease, and no pending last payment whatever its lease
   * (it must be settled first: it could still succeed). An attempt ends with the write of its
   * payment (writePayment with `attempt`), its settlement, or release.
   */
  claim(id: string, now: EpochMs, leaseUntil: EpochMs, maxDeclines: number): Promise<CheckoutClaim>;
  /**
   * Changes the payment a checkout prepares (amount, currency, type, parameters) between attempts:
   * not while one holds it or its payment is pending, never once paid or expired.
   */
  update(id: string, entityId: string, change: CheckoutChange, now: EpochMs): Promise<'updated' | Exclude<CheckoutClaim, 'claimed' | 'locked'>>;
  /** Ends an attempt that authorized nothing: only frees the lease. */
  release(id: string): Promise<void>;
  /** Counts a status read; false when `max` reads already happened in the current window. */
  countRead(id: string, now: EpochMs, windowMs: number, max: number): Promise<boolean>;
  markSpent(id: string, now: EpochMs): Promise<void>;
  /**
   * Ends the attempt of payment `paymentId`, in the transaction that writes or settles it (see
   * ../checkouts.ts endAttempt); false when the checkout is no longer on that attempt.
   */
  endAttempt(checkoutId: string, paymentId: string, outcome: PaymentStatus, end: AttemptEnd): Promise<boolean>;
  /** Checkouts that expired in [from, to) without a success (the metrics' count, by the index on expires_at). */
  countExpiredUnpaid(from: EpochMs, to: EpochMs): Promise<number>;
}

export class KyselyCheckouts implements CheckoutsRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async insert(c: CheckoutRecord): Promise<void> {
    await this.#s.write([this.insertStatement(c)]);
  }

  insertStatement(c: CheckoutRecord): CompiledQuery {
    return this.#s.prepared.checkouts.compile(checkoutToRow(c));
  }

  async find(id: string): Promise<CheckoutRecord | undefined> {
    const row = await this.#s.db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && checkoutFromRow(row);
  }

  claim(id: string, now: EpochMs, leaseUntil: EpochMs, maxDeclines: number): Promise<CheckoutClaim> {
    return claimCheckout(this.#s.db, id, now, leaseUntil, maxDeclines);
  }

  update(id: string, entityId: string, change: CheckoutChange, now: EpochMs): Promise<'updated' | Exclude<CheckoutClaim, 'claimed' | 'locked'>> {
    return updateCheckout(this.#s.db, id, entityId, change, now);
  }

  release(id: string): Promise<void> {
    return releaseCheckout(this.#s.db, id);
  }

  countRead(id: string, now: EpochMs, windowMs: number, max: number): Promise<boolean> {
    return countCheckoutRead(this.#s.db, id, now, windowMs, max);
  }

  markSpent(id: string, now: EpochMs): Promise<void> {
    return markCheckoutSpent(this.#s.db, id, now);
  }

  endAttempt(checkoutId: string, paymentId: string, outcome: PaymentStatus, end: AttemptEnd): Promise<boolean> {
    return endAttempt(this.#s.db, checkoutId, paymentId, outcome, end);
  }

  async countExpiredUnpaid(from: EpochMs, to: EpochMs): Promise<number> {
    // The range alone in the WHERE, so the index on expires_at is the one used; the unpaid ones
    // are counted among its rows rather than found by the index of successes.
    const row = await this.#s.db
      .selectFrom('checkouts')
      .select(sql<number | string | null>`sum(case when success_payment_id is null then 1 else 0 end)`.as('n'))
      .where('expires_at', '>=', from)
      .where('expires_at', '<', to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
