// The store of reports, settlement and currency quotes: what the reports/, settlement/ and quotes/
// code reads and writes, bound to the relay's database. Reached as Store.reports, so that these
// queries stay in files of their own instead of growing the Store interface by a dozen methods.

import type { Kysely } from 'kysely';
import type { EpochMs, PaymentRecord } from '../domain/records.js';
import type { Database } from './schema.js';
import { followUpsOf, paymentsByReference, paymentsInRange, type PaymentRange, type PaymentRangeQuery } from './reports.js';

import { findQuote, insertQuote, releaseQuote, useQuote, type FxQuote } from './quotes.js';

export type { PaymentRange, PaymentRangeQuery } from './reports.js';
export type { FxQuote } from './quotes.js';
import {
  aggregationRecords,
  entityIds,
  findAggregation,
  insertReconciliationRecords,
  listAggregations,
  fileRowsAfter,
  firstSettlementCandidateAt,
  setFileChecksum,
  settlementCandidates,
  writeAggregation,
  type Aggregation,
  type AggregationFilter,
  type FileRecord,
  type ReconciliationRecord,
  type RecordCursor,
  type RecordQuery,
  type SettlementCandidate,
} from './settlement.js';
export type { Aggregation, AggregationFilter, FileRecord, ReconciliationRecord, RecordCursor, RecordQuery, SettlementCandidate } from './settlement.js';

export interface ReportStore {
  /** Every payment of an entity with this merchantTransactionId, oldest first (at most 100). */
  paymentsByReference(entityId: string, reference: string): Promise<PaymentRecord[]>;
  /** One page of an entity's payments created in a time range, and how many there are in all. */
  paymentsInRange(query: PaymentRangeQuery): Promise<PaymentRange>;
  /** The records that reference any of the payments, oldest first. */
  followUpsOf(entityId: string, ids: readonly string[]): Promise<PaymentRecord[]>;

  insertQuote(quote: FxQuote): Promise<void>;
  findQuote(entityId: string, id: string): Promise<FxQuote | undefined>;
  /** Marks the quote used by the payment if it is the entity's, unused and valid; false otherwise. */
  useQuote(entityId: string, id: string, paymentId: string, now: EpochMs): Promise<boolean>;
  /** Gives a quote back from a payment that was declined or never written. */
  releaseQuote(id: string, paymentId: string): Promise<void>;

  /** Every entity's id: the settlement run goes through them. */
  entityIds(): Promise<string[]>;
  /** An entity's successful, unsettled payments of these types created in [from, to). */
  settlementCandidates(entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<SettlementCandidate[]>;
  /** When the earliest of those candidates in [from, to) was created; undefined when there is none. */
  firstSettlementCandidateAt(entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<EpochMs | undefined>;
  /** The aggregation, its records and its payments' marks, together; false when the day is settled already. */
  writeAggregation(aggregation: Aggregation, records: readonly ReconciliationRecord[], paymentIds: readonly string[]): Promise<boolean>;
  listAggregations(filter: AggregationFilter): Promise<Aggregation[]>;
  findAggregation(entityId: string, id: string): Promise<Aggregation | undefined>;
  aggregationRecords(query: RecordQuery): Promise<{ records: ReconciliationRecord[]; total: number }>;
  /** The records of an entity's days after a cursor, in file order, at most `limit`, as the file reads them. */
  fileRowsAfter(entityId: string, dayFrom: string, dayTo: string, after: RecordCursor | undefined, limit: number): Promise<FileRecord[]>;
  setFileChecksum(aggregationIds: readonly string[], sha256: string): Promise<void>;
  insertReconciliationRecords(records: readonly ReconciliationRecord[]): Promise<void>;
}

export class KyselyReportStore implements ReportStore {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>, _dialect: "sqlite" | "postgres") {
    this.#db = db;
  }

  paymentsByReference(entityId: string, reference: string): Promise<PaymentRecord[]> {
    return paymentsByReference(this.#db, entityId, reference);
  }

  paymentsInRange(query: PaymentRangeQuery): Promise<PaymentRange> {
    return paymentsInRange(this.#db, query);
  }

  followUpsOf(entityId: string, ids: readonly string[]): Promise<PaymentRecord[]> {
    return followUpsOf(this.#db, entityId, ids);
  }

  insertQuote(quote: FxQuote): Promise<void> {
    return insertQuote(this.#db, quote);
  }

  findQuote(entityId: string, id: string): Promise<FxQuote | undefined> {
    return findQuote(this.#db, entityId, id);
  }

  useQuote(entityId: string, id: string, paymentId: string, now: EpochMs): Promise<boolean> {
    return useQuote(this.#db, entityId, id, paymentId, now);
  }

  releaseQuote(id: string, paymentId: string): Promise<void> {
    return releaseQuote(this.#db, id, paymentId);
  }

  entityIds(): Promise<string[]> {
    return entityIds(this.#db);
  }

  settlementCandidates(entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<SettlementCandidate[]> {
    return settlementCandidates(this.#db, entityId, from, to, types);
  }

  firstSettlementCandidateAt(entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<EpochMs | undefined> {
    return firstSettlementCandidateAt(this.#db, entityId, from, to, types);
  }

  writeAggregation(aggregation: Aggregation, records: readonly ReconciliationRecord[], paymentIds: readonly string[]): Promise<boolean> {
    return writeAggregation(this.#db, aggregation, records, paymentIds);
  }

  listAggregations(filter: AggregationFilter): Promise<Aggregation[]> {
    return listAggregations(this.#db, filter);
  }

  findAggregation(entityId: string, id: string): Promise<Aggregation | undefined> {
    return findAggregation(this.#db, entityId, id);
  }

  aggregationRecords(query: RecordQuery): Promise<{ records: ReconciliationRecord[]; total: number }> {
    return aggregationRecords(this.#db, query);
  }

  fileRowsAfter(entityId: string, dayFrom: string, dayTo: string, after: RecordCursor | undefined, limit: number): Promise<FileRecord[]> {
    return fileRowsAfter(this.#db, entityId, dayFrom, dayTo, after, limit);
  }

  setFileChecksum(aggregationIds: readonly string[], sha256: string): Promise<void> {
    return setFileChecksum(this.#db, aggregationIds, sha256);
  }

  insertReconciliationRecords(records: readonly ReconciliationRecord[]): Promise<void> {
    return insertReconciliationRecords(this.#db, records);
  }
}



