// Scheduled payments: schedules, their occurrences, and each entity's test clock, which moves a
// schedule's time (../schedules.ts). Firing, cancelling and charging are guarded by the rows
// themselves; the composite writes that combine them with jobs are in ../writes/.

import type { CompiledQuery } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import type { Firing, OccurrenceCharge, OccurrenceRecord, OccurrenceToCharge, ScheduleRecord, ScheduleStatus } from '../../domain/schedules.js';
import {
  cancelSchedule,
  cancelSchedulesOfRegistration,
  chargeOccurrence,
  chargeOccurrenceQuery,
  failOccurrence,
  findOccurrence,
  findSchedule,
  findTestClock,
  listSchedules,
  lockDueSchedules,
  scheduleFromRow,
  moveTestClock,
  occurrencesOf,
  scheduleToRow,
  writeFirings,
  type FiringsWritten,
} from '../schedules.js';
import type { Scope } from './scope.js';

export interface SchedulesRepository {
  insert(s: ScheduleRecord): Promise<void>;
  /** The insert as a statement, for a composite write's batch. */
  insertStatement(s: ScheduleRecord): CompiledQuery;
  find(entityId: string, id: string): Promise<ScheduleRecord | undefined>;
  list(entityId: string, registrationId: string): Promise<ScheduleRecord[]>;
  /** The latest `limit` occurrences of a schedule, oldest first. */
  occurrences(scheduleId: string, limit: number): Promise<OccurrenceRecord[]>;
  findOccurrence(id: string): Promise<OccurrenceToCharge | undefined>;
  /** Cancels an active schedule and its occurrences still due (in the caller's transaction: writes/schedule-cancel.ts). */
  cancel(entityId: string, id: string, now: EpochMs): Promise<'cancelled' | 'already' | 'missing'>;
  /** Cancels a registration's active schedules and their due occurrences (a deleted card). */
  cancelOfRegistration(entityId: string, registrationId: string, now: EpochMs): Promise<void>;
  /** Active schedules due at `now` (of one entity when given), locked for the caller's transaction where the database can. */
  lockDue(now: EpochMs, limit: number, entityId?: string): Promise<ScheduleRecord[]>;
  /** Writes firings planned from schedules locked by lockDue, in the same transaction. */
  writeFirings(firings: readonly Firing[], now: EpochMs): Promise<FiringsWritten>;
  /** A charge's guard on its occurrence: false when it is no longer due. */
  chargeOccurrence(charge: OccurrenceCharge): Promise<boolean>;
  /** The same guard as a statement, first in the payment's batch: the batch fails with OccurrenceNotDueError. */
  chargeOccurrenceStatement(charge: OccurrenceCharge): CompiledQuery;
  /** A due occurrence that cannot be charged; false when it is no longer due. */
  failOccurrence(id: string, resultCode: string, now: EpochMs): Promise<boolean>;
  /** An entity's test clock (the time it was last moved to), if it was ever moved. */
  findTestClock(entityId: string): Promise<EpochMs | undefined>;
  /** Moves it forward only; false when it is at or past `time` already. */
  moveTestClock(entityId: string, time: EpochMs, now: EpochMs): Promise<boolean>;
  /**
   * The schedules of `entityIds` (in `status` when given), newest first (ids are time-ordered),
   * those older than `before` (an id) when given; at most `limit`. The back office's list.
   */
  listAmong(entityIds: readonly string[], status: ScheduleStatus | undefined, before: string | undefined, limit: number): Promise<ScheduleRecord[]>;
  /** A schedule of one of `entityIds`, else undefined. */
  findAmong(entityIds: readonly string[], id: string): Promise<ScheduleRecord | undefined>;
  /** How many active schedules each of `registrationIds` has (of `entityId`); absent ones have none. */
  activeCountByRegistration(entityIds: readonly string[], registrationIds: readonly string[]): Promise<Map<string, number>>;
}

export class KyselySchedules implements SchedulesRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async insert(s: ScheduleRecord): Promise<void> {
    await this.#s.write([this.insertStatement(s)]);
  }

  insertStatement(s: ScheduleRecord): CompiledQuery {
    return this.#s.db.insertInto('schedules').values(scheduleToRow(s)).compile();
  }

  find(entityId: string, id: string): Promise<ScheduleRecord | undefined> {
    return findSchedule(this.#s.db, entityId, id);
  }

  list(entityId: string, registrationId: string): Promise<ScheduleRecord[]> {
    return listSchedules(this.#s.db, entityId, registrationId);
  }

  occurrences(scheduleId: string, limit: number): Promise<OccurrenceRecord[]> {
    return occurrencesOf(this.#s.db, scheduleId, limit);
  }

  findOccurrence(id: string): Promise<OccurrenceToCharge | undefined> {
    return findOccurrence(this.#s.db, this.#s.readTogether, id);
  }

  cancel(entityId: string, id: string, now: EpochMs): Promise<'cancelled' | 'already' | 'missing'> {
    return cancelSchedule(this.#s.db, entityId, id, now);
  }

  cancelOfRegistration(entityId: string, registrationId: string, now: EpochMs): Promise<void> {
    return cancelSchedulesOfRegistration(this.#s.db, entityId, registrationId, now);
  }

  lockDue(now: EpochMs, limit: number, entityId?: string): Promise<ScheduleRecord[]> {
    return lockDueSchedules(this.#s.db, this.#s.dialect, now, limit, entityId);
  }

  writeFirings(firings: readonly Firing[], now: EpochMs): Promise<FiringsWritten> {
    return writeFirings(this.#s.db, firings, now);
  }

  chargeOccurrence(charge: OccurrenceCharge): Promise<boolean> {
    return chargeOccurrence(this.#s.db, charge);
  }

  chargeOccurrenceStatement(charge: OccurrenceCharge): CompiledQuery {
    return chargeOccurrenceQuery(this.#s.db, charge);
  }

  failOccurrence(id: string, resultCode: string, now: EpochMs): Promise<boolean> {
    return failOccurrence(this.#s.db, id, resultCode, now);
  }

  findTestClock(entityId: string): Promise<EpochMs | undefined> {
    return findTestClock(this.#s.db, entityId);
  }

  moveTestClock(entityId: string, time: EpochMs, now: EpochMs): Promise<boolean> {
    return moveTestClock(this.#s.db, entityId, time, now);
  }

  async listAmong(entityIds: readonly string[], status: ScheduleStatus | undefined, before: string | undefined, limit: number): Promise<ScheduleRecord[]> {
    if (entityIds.length === 0) return [];
    let query = this.#s.db.selectFrom('schedules').selectAll().where('entity_id', 'in', [...entityIds]);
    if (status !== undefined) query = query.where('status', '=', status);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(scheduleFromRow);
  }

  async findAmong(entityIds: readonly string[], id: string): Promise<ScheduleRecord | undefined> {
    if (entityIds.length === 0) return undefined;
    const row = await this.#s.db.selectFrom('schedules').selectAll().where('id', '=', id).where('entity_id', 'in', [...entityIds]).executeTakeFirst();
    return row && scheduleFromRow(row);
  }

  async activeCountByRegistration(entityIds: readonly string[], registrationIds: readonly string[]): Promise<Map<string, number>> {
    if (entityIds.length === 0 || registrationIds.length === 0) return new Map();
    // The (entity_id, registration_id) index answers it: a page of cards asks once.
    const rows = await this.#s.db
      .selectFrom('schedules')
      .select(['registration_id'])
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('entity_id', 'in', [...entityIds])
      .where('registration_id', 'in', [...registrationIds])
      .where('status', '=', 'active')
      .groupBy('registration_id')
      .execute();
    return new Map(rows.map((r) => [r.registration_id, Number(r.n)]));
  }
}
