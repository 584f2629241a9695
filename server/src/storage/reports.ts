// Transaction reports: a payment by the merchant's reference, a page of an entity's payments in a
// time range, and the follow-ups of a page. Every query reads one entity through an index:
// (entity_id, created_at, id) for ranges, (entity_id, merchant_transaction_id) for references and
// referenced_id for follow-ups; none scans the table.

import type { Kysely } from 'kysely';
import type { PaymentRecord, EpochMs } from '../domain/records.js';
import { paymentFromRow } from './rows.js';
import type { Database } from './schema.js';

/** One page of a date-range report, as the route asks for it. */
export interface PaymentRangeQuery {
  entityId: string;
  /** Inclusive bounds, epoch milliseconds. */
  from: EpochMs;
  to: EpochMs;
  /** Only these payment types / brands; absent = any. */
  paymentTypes?: readonly string[];
  brands?: readonly string[];
  offset: number;
  limit: number;
}

export interface PaymentRange {
  payments: PaymentRecord[];
  /** Every payment of the range that matches the filters, for the page count. */
  total: number;
}

/** Most payments a report by reference returns: a reference is meant to be unique. */
export const REFERENCE_REPORT_LIMIT = 100;

export async function paymentsByReference(db: Kysely<Database>, entityId: string, reference: string): Promise<PaymentRecord[]> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('merchant_transaction_id', '=', reference)
    .orderBy('created_at')
    .orderBy('id')
    .limit(REFERENCE_REPORT_LIMIT)
    .execute();
  return rows.map(paymentFromRow);
}

function rangeQuery(db: Kysely<Database>, q: PaymentRangeQuery) {
  let query = db.selectFrom('payments').where('entity_id', '=', q.entityId).where('created_at', '>=', q.from).where('created_at', '<=', q.to);
  if (q.paymentTypes && q.paymentTypes.length > 0) query = query.where('payment_type', 'in', [...q.paymentTypes]);
  if (q.brands) query = q.brands.length > 0 ? query.where('payment_brand', 'in', [...q.brands]) : query.where('id', '=', '');
  return query;
}

/**
 * A page in (created_at, id) order: a total order that new payments can only extend at its end
 * (their creation time is now, past the range the caller clamped), so page n holds the same
 * payments however many are added meanwhile.
 */
export async function paymentsInRange(db: Kysely<Database>, q: PaymentRangeQuery): Promise<PaymentRange> {
  const [rows, count] = await Promise.all([
    rangeQuery(db, q).selectAll().orderBy('created_at').orderBy('id').limit(q.limit).offset(q.offset).execute(),
    rangeQuery(db, q)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { payments: rows.map(paymentFromRow), total: Number(count.n) };
}

/** The records that reference any of `ids` (captures, refunds, reversals, confirmations, chargebacks). */
export async function followUpsOf(db: Kysely<Database>, entityId: string, ids: readonly string[]): Promise<PaymentRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('referenced_id', 'in', [...ids])
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(paymentFromRow);
}
