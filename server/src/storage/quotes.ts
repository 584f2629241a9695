// Currency quotes: written once, read by id within their entity, and used by at most one payment.
// The use is one conditional UPDATE (unused, unexpired, this entity), so of two payments racing for
// a quote on any number of relays exactly one gets it.

import type { Kysely } from 'kysely';
import type { EpochMs } from '../domain/records.js';
import type { Database, FxQuotesTable } from './schema.js';

export interface FxQuote {
  id: string;
  entityId: string;
  sourceCurrency: string;
  targetCurrency: string;
  /** Decimal text: target units per source unit. */
  rate: string;
  createdAt: EpochMs;
  validUntil: EpochMs;
  paymentId: string | null;
  usedAt: EpochMs | null;
}

const toRow = (q: FxQuote): FxQuotesTable => ({
  id: q.id,
  entity_id: q.entityId,
  source_currency: q.sourceCurrency,
  target_currency: q.targetCurrency,
  rate: q.rate,
  created_at: q.createdAt,
  valid_until: q.validUntil,
  payment_id: q.paymentId,
  used_at: q.usedAt,
});

const fromRow = (r: FxQuotesTable): FxQuote => ({
  id: r.id,
  entityId: r.entity_id,
  sourceCurrency: r.source_currency,
  targetCurrency: r.target_currency,
  rate: r.rate,
  createdAt: r.created_at,
  validUntil: r.valid_until,
  paymentId: r.payment_id,
  usedAt: r.used_at,
});

export async function insertQuote(db: Kysely<Database>, quote: FxQuote): Promise<void> {
  await db.insertInto('fx_quotes').values(toRow(quote)).execute();
}

export async function findQuote(db: Kysely<Database>, entityId: string, id: string): Promise<FxQuote | undefined> {
  const row = await db.selectFrom('fx_quotes').selectAll().where('entity_id', '=', entityId).where('id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

/** Marks the quote used by the payment if it is the entity's, unused and valid at `now`. */
export async function useQuote(db: Kysely<Database>, entityId: string, id: string, paymentId: string, now: EpochMs): Promise<boolean> {
  const result = await db
    .updateTable('fx_quotes')
    .set({ payment_id: paymentId, used_at: now })
    .where('id', '=', id)
    .where('entity_id', '=', entityId)
    .where('payment_id', 'is', null)
    .where('valid_until', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives the quote back when the payment that took it was declined or never written. */
export async function releaseQuote(db: Kysely<Database>, id: string, paymentId: string): Promise<void> {
  await db.updateTable('fx_quotes').set({ payment_id: null, used_at: null }).where('id', '=', id).where('payment_id', '=', paymentId).execute();
}

/** Where a list of used quotes stopped: the last one given (newest first). */
export interface UsedQuoteCursor {
  usedAt: EpochMs;
  id: string;
}

/**
 * The quotes of `entityIds` a payment used within [from, to], newest use first, at most `limit`,
 * after `after` (the back office's settlement page: which rates its payments were priced at). Read
 * from the index of used quotes by entity and time (migration 025).
 */
export async function listUsedQuotes(db: Kysely<Database>, entityIds: readonly string[], from: EpochMs, to: EpochMs, after: UsedQuoteCursor | undefined, limit: number): Promise<FxQuote[]> {
  if (entityIds.length === 0) return [];
  let q = db.selectFrom('fx_quotes').selectAll().where('entity_id', 'in', [...entityIds]).where('used_at', '>=', from).where('used_at', '<=', after ? Math.min(after.usedAt, to) : to);
  if (after) q = q.where((eb) => eb(eb.refTuple('used_at', 'id'), '<', eb.tuple(after.usedAt, after.id)));
  const rows = await q.orderBy('used_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(fromRow);
}
