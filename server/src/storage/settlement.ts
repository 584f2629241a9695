// Settlement: the payments of one entity's day that the run settles, the aggregation it writes
// with its reconciliation records and the marks on its payments (one transaction; a second run of
// the day, on any relay, meets the unique (entity, day, currency) index and writes nothing), and
// the reads of the reports routes and the reconciliation file.

import type { ExpressionBuilder, Kysely } from 'kysely';
import { inTransaction } from './repositories/scope.js';
import type { EpochMs } from '../domain/records.js';
import { arrayRows } from './array-rows.js';
import type { Database, ReconciliationRecordsTable, SettlementAggregationsTable } from './schema.js';

/** A payment the run may settle, with what it needs of the payment it references. */
export interface SettlementCandidate {
  id: string;
  paymentType: string;
  paymentBrand: string | null;
  amount: number;
  currency: string;
  resultCode: string;
  referencedId: string | null;
  responseJson: string;
  createdAt: EpochMs;
  merchantTransactionId: string | null;
  fxRate: string | null;
  settlementCurrency: string | null;
  /** The referenced payment's type, or null when there is none or the relay does not have it. */
  referencedType: string | null;
  referencedFxRate: string | null;
  referencedSettlementCurrency: string | null;
}

export type Aggregation = SettlementAggregationsTable;
export type ReconciliationRecord = ReconciliationRecordsTable;

export async function entityIds(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('entities').select('id').orderBy('id').execute()).map((r) => r.id);
}

type PaymentsAsP = ExpressionBuilder<Database & { p: Database['payments'] }, 'p'>;

/**
 * The entity's payments in [from, to) that a settlement run takes: successes not settled yet, of
 * the given types. A reversed chargeback still moved money (its CR moves it back): only payments a
 * reversal undid are skipped.
 */
function settles(eb: PaymentsAsP, entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]) {
  return eb.and([
    eb('p.entity_id', '=', entityId),
    eb('p.created_at', '>=', from),
    eb('p.created_at', '<', to),
    eb('p.status', '=', 'success'),
    eb.or([eb('p.reversed', '=', 0), eb('p.payment_type', '=', 'CB')]),
    eb('p.settlement_status', 'is', null),
    eb('p.payment_type', 'in', [...types]),
  ]);
}

export async function settlementCandidates(db: Kysely<Database>, entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<SettlementCandidate[]> {
  return db
    .selectFrom('payments as p')
    .leftJoin('payments as r', (join) => join.onRef('r.id', '=', 'p.referenced_id').onRef('r.entity_id', '=', 'p.entity_id'))
    .select([
      'p.id as id',
      'p.payment_type as paymentType',
      'p.payment_brand as paymentBrand',
      'p.amount as amount',
      'p.currency as currency',
      'p.result_code as resultCode',
      'p.referenced_id as referencedId',
      'p.response_json as responseJson',
      'p.created_at as createdAt',
      'p.merchant_transaction_id as merchantTransactionId',
      'p.fx_rate as fxRate',
      'p.settlement_currency as settlementCurrency',
      'r.payment_type as referencedType',
      'r.fx_rate as referencedFxRate',
      'r.settlement_currency as referencedSettlementCurrency',
    ])
    .where((eb) => settles(eb as PaymentsAsP, entityId, from, to, types))
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

/** When the entity's earliest payment the run may settle in [from, to) was created; undefined when none. */
export async function firstSettlementCandidateAt(db: Kysely<Database>, entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<EpochMs | undefined> {
  const row = await db
    .selectFrom('payments as p')
    .select('p.created_at')
    .where((eb) => settles(eb, entityId, from, to, types))
    .orderBy('p.created_at')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.created_at);
}

/** Rows per INSERT: well under both dialects' limits on bound parameters. */
const INSERT_CHUNK = 500;

async function insertRecords(trx: Kysely<Database>, records: readonly ReconciliationRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += INSERT_CHUNK) {
    await trx.insertInto('reconciliation_records').values(records.slice(i, i + INSERT_CHUNK)).execute();
  }
}

/** Whether the entity's day is settled already in this currency (by this run before, or another relay). */
export async function aggregationExists(db: Kysely<Database>, entityId: string, day: string, currency: string): Promise<boolean> {
  const row = await db.selectFrom('settlement_aggregations').select('id').where('entity_id', '=', entityId).where('day', '=', day).where('currency', '=', currency).executeTakeFirst();
  return row !== undefined;
}

/** The aggregation row and its records, in the caller's transaction (writes/aggregation.ts). */
export async function insertAggregation(db: Kysely<Database>, aggregation: Aggregation, records: readonly ReconciliationRecord[]): Promise<void> {
  await db.insertInto('settlement_aggregations').values(aggregation).execute();
  await insertRecords(db, records);
}

/** Marks the payments settled by the aggregation, those not settled yet only; answers how many were. */
export async function markPaymentsSettled(db: Kysely<Database>, aggregation: Pick<Aggregation, 'id' | 'settlement_date'>, paymentIds: readonly string[]): Promise<number> {
  let marked = 0n;
  for (let i = 0; i < paymentIds.length; i += INSERT_CHUNK) {
    const result = await db
      .updateTable('payments')
      .set({ settlement_status: 'SUCCESS', settlement_date: aggregation.settlement_date, aggregation_id: aggregation.id })
      .where('id', 'in', paymentIds.slice(i, i + INSERT_CHUNK))
      .where('settlement_status', 'is', null)
      .executeTakeFirst();
    marked += result.numUpdatedRows;
  }
  return Number(marked);
}

export interface AggregationFilter {
  entityId: string;
  dayFrom: string;
  dayTo: string;
  currency?: string;
}

export async function listAggregations(db: Kysely<Database>, f: AggregationFilter): Promise<Aggregation[]> {
  let q = db.selectFrom('settlement_aggregations').selectAll().where('entity_id', '=', f.entityId).where('day', '>=', f.dayFrom).where('day', '<=', f.dayTo);
  if (f.currency !== undefined) q = q.where('currency', '=', f.currency);
  return q.orderBy('day').orderBy('currency').limit(1000).execute();
}

export async function findAggregation(db: Kysely<Database>, entityId: string, id: string): Promise<Aggregation | undefined> {
  return db.selectFrom('settlement_aggregations').selectAll().where('entity_id', '=', entityId).where('id', '=', id).executeTakeFirst();
}

/** The aggregation `id` if it is one of these entities' (the back office: the channels a person may see). */
export async function findAggregationAmong(db: Kysely<Database>, entityIds: readonly string[], id: string): Promise<Aggregation | undefined> {
  if (entityIds.length === 0) return undefined;
  return db.selectFrom('settlement_aggregations').selectAll().where('id', '=', id).where('entity_id', 'in', [...entityIds]).executeTakeFirst();
}

export async function setFileChecksum(db: Kysely<Database>, ids: readonly string[], sha256: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('settlement_aggregations').set('file_sha256', sha256).where('id', 'in', [...ids]).execute();
}

const SORT_COLUMN = {
  TxRequestTime: 'tx_request_time',
  Amount: 'amount',
  UniqueID: 'payment_id',
  ReconciliationType: 'reconciliation_type',
} as const;

export interface RecordQuery {
  aggregationId: string;
  reconciliationType?: string;
  matchingStatus?: string;
  sortValue?: keyof typeof SORT_COLUMN;
  sortOrder?: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

export async function aggregationRecords(db: Kysely<Database>, q: RecordQuery): Promise<{ records: ReconciliationRecord[]; total: number }> {
  let base = db.selectFrom('reconciliation_records').where('aggregation_id', '=', q.aggregationId);
  if (q.reconciliationType !== undefined) base = base.where('reconciliation_type', '=', q.reconciliationType);
  if (q.matchingStatus !== undefined) base = base.where('matching_status', '=', q.matchingStatus);
  const direction = q.sortOrder === 'DESC' ? 'desc' : 'asc';
  let rows = base.selectAll();
  if (q.sortValue !== undefined) rows = rows.orderBy(SORT_COLUMN[q.sortValue], direction);
  const [records, count] = await Promise.all([
    rows.orderBy('seq', direction).limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.n) };
}

/** Where a read of the file stopped: the last record given. */
export interface RecordCursor {
  day: string;
  aggregationId: string;
  seq: number;
}

/** The columns of a record that the reconciliation file reads, in the order fileRowsAfter gives them. */
export const FILE_FIELDS = [
  'day', 'aggregation_id', 'seq', 'reconciliation_type', 'payment_type', 'cashflow', 'payment_id', 'connector_tx_id1', 'amount', 'currency',
  'brand', 'tx_request_time', 'settlement_amount', 'settlement_currency', 'settlement_fee', 'fx_rate', 'settlement_date', 'settlement_status',
  'descriptor', 'account_last4', 'account_holder', 'reason_code', 'reason_desc', 'matching_status', 'matched_transactions', 'chargeback_id',
] as const satisfies readonly (keyof ReconciliationRecord)[];

type FieldsOf<T extends readonly (keyof ReconciliationRecord)[]> = { -readonly [K in keyof T]: ReconciliationRecord[T[K] & keyof ReconciliationRecord] };
/** One record as the file reads it: FILE_FIELDS' values, in their order. */
export type FileRecord = FieldsOf<typeof FILE_FIELDS>;

/**
 * The next `limit` records of an entity's days, in (day, aggregation, seq) order, after `after`:
 * the file is read in such chunks (keyset, from the index), never held whole, and as arrays
 * (array-rows.ts), the form that costs the drivers least.
 */
export async function fileRowsAfter(db: Kysely<Database>, entityId: string, dayFrom: string, dayTo: string, after: RecordCursor | undefined, limit: number): Promise<FileRecord[]> {
  let q = db.selectFrom('reconciliation_records').select(FILE_FIELDS).where('entity_id', '=', entityId);
  // After a cursor the range starts at the cursor's day, and the row value picks up within it.
  // SQLite seeks the index with the day bound and filters the row value, so a bound of dayFrom
  // would read every earlier record of the range again for each chunk; PostgreSQL, before its
  // statistics know the table, picks the index only when a plain day bound is there.
  q = q.where('day', '>=', after ? after.day : dayFrom);
  if (after) q = q.where((eb) => eb(eb.refTuple('day', 'aggregation_id', 'seq'), '>', eb.tuple(after.day, after.aggregationId, after.seq)));
  const query = q.where('day', '<=', dayTo).orderBy('day').orderBy('aggregation_id').orderBy('seq').limit(limit).compile();
  return (await arrayRows(db, query)) as FileRecord[];
}

/** Records written straight in (the benchmark's million rows), in chunks. */
export async function insertReconciliationRecords(db: Kysely<Database>, records: readonly ReconciliationRecord[]): Promise<void> {
  await inTransaction(db, (trx) => insertRecords(trx, records));
}
