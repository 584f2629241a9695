// Settlement: which payments a day's run takes, the aggregations it writes with their
// reconciliation records, and the records' file (../settlement.ts).

import type { EpochMs } from '../../domain/records.js';
import {
  aggregationRecords,
  entityIds,
  fileRowsAfter,
  findAggregation,
  findAggregationAmong,
  firstSettlementCandidateAt,
  insertReconciliationRecords,
  listAggregations,
  setFileChecksum,
  settlementCandidates,
  aggregationExists,
  insertAggregation,
  type Aggregation,
  type AggregationFilter,
  type FileRecord,
  type ReconciliationRecord,
  type RecordCursor,
  type RecordQuery,
  type SettlementCandidate,
} from '../settlement.js';
import type { Scope } from './scope.js';

export type { Aggregation, AggregationFilter, FileRecord, ReconciliationRecord, RecordCursor, RecordQuery, SettlementCandidate } from '../settlement.js';

export interface SettlementRepository {
  /** Every entity's id: the settlement run goes through them. */
  entityIds(): Promise<string[]>;
  /** An entity's successful, unsettled payments of these types created in [from, to). */
  candidates(entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<SettlementCandidate[]>;
  /** When the earliest of those candidates in [from, to) was created; undefined when there is none. */
  firstCandidateAt(entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<EpochMs | undefined>;
  /** Whether the entity's day is settled already in this currency. */
  aggregationExists(entityId: string, day: string, currency: string): Promise<boolean>;
  /** The aggregation and its records; with its payments' marks in one transaction: writes/aggregation.ts. */
  insertAggregation(aggregation: Aggregation, records: readonly ReconciliationRecord[]): Promise<void>;
  listAggregations(filter: AggregationFilter): Promise<Aggregation[]>;
  findAggregation(entityId: string, id: string): Promise<Aggregation | undefined>;
  /** The aggregation `id` if one of these entities has it. */
  findAggregationAmong(entityIds: readonly string[], id: string): Promise<Aggregation | undefined>;
  aggregationRecords(query: RecordQuery): Promise<{ records: ReconciliationRecord[]; total: number }>;
  /** The records of an entity's days after a cursor, in file order, at most `limit`, as the file reads them. */
  fileRowsAfter(entityId: string, dayFrom: string, dayTo: string, after: RecordCursor | undefined, limit: number): Promise<FileRecord[]>;
  setFileChecksum(aggregationIds: readonly string[], sha256: string): Promise<void>;
  insertReconciliationRecords(records: readonly ReconciliationRecord[]): Promise<void>;
}

export class KyselySettlement implements SettlementRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  entityIds(): Promise<string[]> {
    return entityIds(this.#s.db);
  }

  candidates(entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<SettlementCandidate[]> {
    return settlementCandidates(this.#s.db, entityId, from, to, types);
  }

  firstCandidateAt(entityId: string, from: EpochMs, to: EpochMs, types: readonly string[]): Promise<EpochMs | undefined> {
    return firstSettlementCandidateAt(this.#s.db, entityId, from, to, types);
  }

  aggregationExists(entityId: string, day: string, currency: string): Promise<boolean> {
    return aggregationExists(this.#s.db, entityId, day, currency);
  }

  insertAggregation(aggregation: Aggregation, records: readonly ReconciliationRecord[]): Promise<void> {
    return insertAggregation(this.#s.db, aggregation, records);
  }

  listAggregations(filter: AggregationFilter): Promise<Aggregation[]> {
    return listAggregations(this.#s.db, filter);
  }

  findAggregation(entityId: string, id: string): Promise<Aggregation | undefined> {
    return findAggregation(this.#s.db, entityId, id);
  }

  findAggregationAmong(entityIds: readonly string[], id: string): Promise<Aggregation | undefined> {
    return findAggregationAmong(this.#s.db, entityIds, id);
  }

  aggregationRecords(query: RecordQuery): Promise<{ records: ReconciliationRecord[]; total: number }> {
    return aggregationRecords(this.#s.db, query);
  }

  fileRowsAfter(entityId: string, dayFrom: string, dayTo: string, after: RecordCursor | undefined, limit: number): Promise<FileRecord[]> {
    return fileRowsAfter(this.#s.db, entityId, dayFrom, dayTo, after, limit);
  }

  setFileChecksum(aggregationIds: readonly string[], sha256: string): Promise<void> {
    return setFileChecksum(this.#s.db, aggregationIds, sha256);
  }

  insertReconciliationRecords(records: readonly ReconciliationRecord[]): Promise<void> {
    return insertReconciliationRecords(this.#s.db, records);
  }
}
