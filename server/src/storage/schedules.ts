// Schedules, occurrences and test clocks. Firing takes due schedules with FOR UPDATE SKIP LOCKED
// on PostgreSQL (relays fire disjoint batches without waiting for each other; SQLite's single
// writer needs no such clause), and each schedule's write is guarded by the next_run_at it was
// planned from and its status, so a schedule fired, cancelled or ended meanwhile is left alone.
// An occurrence changes only from `due`: a charge, a cancel and a failure each apply only to a
// `due` occurrence, so whichever comes first wins and the other changes nothing.

import { sql, type CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { EpochMs } from '../domain/records.js';
import type { Firing, OccurrenceCharge, OccurrenceRecord, OccurrenceStatus, OccurrenceToCharge, ScheduleRecord, ScheduleStatus } from '../domain/schedules.js';
import { mustChangeOneRow } from './guarded-query.js';
import type { Database, RegistrationsTable, ScheduleOccurrencesTable, SchedulesTable } from './schema.js';
import type { BatchReader } from './group-commit.js';
import { registrationFromRow } from './rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** What a round of firings wrote: the occurrences due for a charge, and the schedules' next run times. */
export interface FiringsWritten {
  due: readonly OccurrenceRecord[];
  nextRunAts: readonly EpochMs[];
}

export const scheduleToRow = (s: ScheduleRecord): SchedulesTable => ({
  id: s.id,
  entity_id: s.entityId,
  registration_id: s.registrationId,
  payment_type: s.paymentType,
  amount: s.amount,
  currency: s.currency,
  expression: s.expression,
  time_zone: s.timeZone,
  start_at: s.startAt,
  end_at: s.endAt,
  payment_params: s.paymentParams,
  response_json: s.responseJson,
  status: s.status,
  next_run_at: s.nextRunAt,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
  request_id: s.requestId ?? null,
});

const num = (v: number | string): number => Number(v);
const numOrNull = (v: number | string | null): number | null => (v === null ? null : Number(v));

export const scheduleFromRow = (r: Selectable<SchedulesTable>): ScheduleRecord => ({
  id: r.id,
  entityId: r.entity_id,
  registrationId: r.registration_id,
  paymentType: r.payment_type as ScheduleRecord['paymentType'],
  amount: num(r.amount),
  currency: r.currency,
  expression: r.expression,
  timeZone: r.time_zone,
  startAt: numOrNull(r.start_at),
  endAt: numOrNull(r.end_at),
  paymentParams: r.payment_params,
  responseJson: r.response_json,
  status: r.status as ScheduleStatus,
  nextRunAt: numOrNull(r.next_run_at),
  createdAt: num(r.created_at),
  updatedAt: num(r.updated_at),
  requestId: r.request_id ?? undefined,
});

export const occurrenceToRow = (o: OccurrenceRecord): ScheduleOccurrencesTable => ({
  id: o.id,
  schedule_id: o.scheduleId,
  entity_id: o.entityId,
  scheduled_at: o.scheduledAt,
  status: o.status,
  payment_id: o.paymentId,
  result_code: o.resultCode,
  created_at: o.createdAt,
  updated_at: o.updatedAt,
});

export const occurrenceFromRow = (r: Selectable<ScheduleOccurrencesTable>): OccurrenceRecord => ({
  id: r.id,
  scheduleId: r.schedule_id,
  entityId: r.entity_id,
  scheduledAt: num(r.scheduled_at),
  status: r.status as OccurrenceStatus,
  paymentId: r.payment_id,
  resultCode: r.result_code,
  createdAt: num(r.created_at),
  updatedAt: num(r.updated_at),
});

export async function findSchedule(db: Executor, entityId: string, id: string): Promise<ScheduleRecord | undefined> {
  const row = await db.selectFrom('schedules').selectAll().where('entity_id', '=', entityId).where('id', '=', id).executeTakeFirst();
  return row && scheduleFromRow(row);
}

export async function listSchedules(db: Executor, entityId: string, registrationId: string): Promise<ScheduleRecord[]> {
  const rows = await db.selectFrom('schedules').selectAll().where('entity_id', '=', entityId).where('registration_id', '=', registrationId).orderBy('created_at').orderBy('id').execute();
  return rows.map(scheduleFromRow);
}

export async function occurrencesOf(db: Executor, scheduleId: string, limit: number): Promise<OccurrenceRecord[]> {
  const rows = await db.selectFrom('schedule_occurrences').selectAll().where('schedule_id', '=', scheduleId).orderBy('scheduled_at', 'desc').limit(limit).execute();
  return rows.map(occurrenceFromRow).reverse();
}

/**
 * An occurrence with what its charge needs, read together (one round trip on PostgreSQL): every
 * read names the occurrence, so none waits for another's answer.
 */
export async function findOccurrence(db: Executor, readTogether: BatchReader, id: string): Promise<OccurrenceToCharge | undefined> {
  const scheduleOf = db.selectFrom('schedule_occurrences').select('schedule_id').where('id', '=', id);
  const schedule = db.selectFrom('schedules').where('id', '=', scheduleOf);
  const [occurrences = [], schedules = [], registrations = [], clocks = []] = await readTogether([
    db.selectFrom('schedule_occurrences').selectAll().where('id', '=', id).compile(),
    schedule.selectAll().compile(),
    db
      .selectFrom('registrations')
      .selectAll()
      .where('entity_id', '=', schedule.select('entity_id'))
      .where('id', '=', schedule.select('registration_id'))
      .compile(),
    db.selectFrom('test_clocks').select('time').where('entity_id', '=', schedule.select('entity_id')).compile(),
  ]);
  const o = occurrences[0] as Selectable<ScheduleOccurrencesTable> | undefined;
  const s = schedules[0] as Selectable<SchedulesTable> | undefined;
  if (!o || !s) return undefined;
  const registration = registrations[0] as Selectable<RegistrationsTable> | undefined;
  return {
    occurrence: occurrenceFromRow(o),
    schedule: scheduleFromRow(s),
    registration: registration && registrationFromRow(registration),
    testClock: testClockTime(clocks[0] as { time: number | string } | undefined),
  };
}

/** Cancels the schedules given (active ones only) and their occurrences still awaiting a charge. */
async function cancelWhere(trx: Kysely<Database>, ids: readonly string[], now: EpochMs): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('schedule_occurrences').set({ status: 'cancelled', updated_at: now }).where('schedule_id', 'in', [...ids]).where('status', '=', 'due').execute();
}

/**
 * Cancels one schedule: 'cancelled' now, 'already' when it was cancelled or had ended, 'missing'.
 * The schedule row is updated first: a firing holding it finishes first (its occurrence is then
 * cancelled here), and a charge holding an occurrence finishes first (it is then no longer due).
 */
export async function cancelSchedule(trx: Kysely<Database>, entityId: string, id: string, now: EpochMs): Promise<'cancelled' | 'already' | 'missing'> {
  const result = await trx
    .updateTable('schedules')
    .set({ status: 'cancelled', next_run_at: null, updated_at: now })
    .where('entity_id', '=', entityId)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return (await findSchedule(trx, entityId, id)) ? 'already' : 'missing';
  await cancelWhere(trx, [id], now);
  return 'cancelled';
}

/** A deleted registration's schedules end with it, in the deletion's transaction. */
export async function cancelSchedulesOfRegistration(trx: Kysely<Database>, entityId: string, registrationId: string, now: EpochMs): Promise<void> {
  const rows = await trx
    .updateTable('schedules')
    .set({ status: 'cancelled', next_run_at: null, updated_at: now })
    .where('entity_id', '=', entityId)
    .where('registration_id', '=', registrationId)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  await cancelWhere(
    trx,
    rows.map((r) => r.id),
    now,
  );
}

/** Active schedules due at `now` (of one entity, for its test clock), locked for this transaction where the database can. */
export async function lockDueSchedules(trx: Kysely<Database>, dialect: 'sqlite' | 'postgres', now: EpochMs, limit: number, entityId?: string): Promise<ScheduleRecord[]> {
  const entity = entityId === undefined ? sql`` : sql` and entity_id = ${entityId}`;
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<Selectable<SchedulesTable>>`
    select * from schedules
     where status = 'active' and next_run_at <= ${now}${entity}
     order by next_run_at
     limit ${limit} ${lock}`.execute(trx);
  return rows.map(scheduleFromRow);
}

/** Rows per multi-row insert of occurrences (9 columns: far under PostgreSQL's parameter limit). */
const OCCURRENCES_PER_INSERT = 1_000;

/**
 * Writes the firings planned from schedules read in this transaction: each schedule advanced only
 * if it still is as planned from; the occurrences of those that were, and their charge jobs. An
 * occurrence that exists already is kept as it is (the unique index is the backstop). Returns the
 * occurrences written as due and the next run times, whose jobs the caller queues in the same
 * transaction (writes/due-firings.ts).
 */
export async function writeFirings(trx: Kysely<Database>, firings: readonly Firing[], now: EpochMs): Promise<FiringsWritten> {
  const occurrences: OccurrenceRecord[] = [];
  const nextRunAts = new Set<EpochMs>();
  // One UPDATE per same change: schedules due at one second mostly share their next run (a
  // monthly schedule's next month), and one statement per schedule was most of a firing's cost.
  const sameChange = new Map<string, Firing[]>();
  for (const f of firings) {
    const key = `${f.from}/${f.nextRunAt}/${f.status}`;
    const group = sameChange.get(key);
    if (group) group.push(f);
    else sameChange.set(key, [f]);
  }
  for (const group of sameChange.values()) {
    const [{ from, nextRunAt, status }] = group as [Firing, ...Firing[]];
    const advanced = await trx
      .updateTable('schedules')
      .set({ next_run_at: nextRunAt, status, updated_at: now })
      .where(
        'id',
        'in',
        group.map((f) => f.scheduleId),
      )
      .where('status', '=', 'active')
      .where('next_run_at', '=', from)
      .returning('id')
      .execute();
    const ids = new Set(advanced.map((r) => r.id));
    for (const f of group) {
      if (!ids.has(f.scheduleId)) continue;
      occurrences.push(...f.occurrences);
      if (f.nextRunAt !== null) nextRunAts.add(f.nextRunAt);
    }
  }
  for (let i = 0; i < occurrences.length; i += OCCURRENCES_PER_INSERT) {
    const rows = occurrences.slice(i, i + OCCURRENCES_PER_INSERT).map(occurrenceToRow);
    await trx.insertInto('schedule_occurrences').values(rows).onConflict((oc) => oc.columns(['schedule_id', 'scheduled_at']).doNothing()).execute();
  }
  return { due: occurrences.filter((o) => o.status === 'due'), nextRunAts: [...nextRunAts] };
}

/** A charge's guard failed: its occurrence was no longer due (cancelled, or charged by another run). */
export class OccurrenceNotDueError extends Error {
  constructor() {
    super('the occurrence is no longer due');
  }
}

/** The charge's guard, first in the payment's transaction: the occurrence must still be due. */
export function chargeOccurrenceQuery(db: Executor, charge: OccurrenceCharge): CompiledQuery {
  const query = db
    .updateTable('schedule_occurrences')
    .set({ status: charge.status, payment_id: charge.paymentId, result_code: charge.resultCode, updated_at: charge.now })
    .where('id', '=', charge.id)
    .where('status', '=', 'due')
    .compile();
  return mustChangeOneRow(query, () => new OccurrenceNotDueError());
}

/** The same guard inside a transaction under way: false when the occurrence is no longer due. */
export async function chargeOccurrence(trx: Kysely<Database>, charge: OccurrenceCharge): Promise<boolean> {
  const result = await trx.executeQuery(chargeOccurrenceQuery(trx, charge));
  return result.numAffectedRows === 1n;
}

/** A due occurrence whose charge cannot be made (its registration is gone, its parameters refused). */
export async function failOccurrence(db: Executor, id: string, resultCode: string, now: EpochMs): Promise<boolean> {
  const result = await db.updateTable('schedule_occurrences').set({ status: 'failed', result_code: resultCode, updated_at: now }).where('id', '=', id).where('status', '=', 'due').executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The read of an entity's test clock; testClockTime gives its time from the row. */
export const testClockQuery = (db: Executor, entityId: string) => db.selectFrom('test_clocks').select('time').where('entity_id', '=', entityId);

/** A test clock row's time (PostgreSQL answers a bigint as text); undefined for an entity without one. */
export const testClockTime = (row: { time: number | string } | undefined): EpochMs | undefined => row && Number(row.time);

export async function findTestClock(db: Executor, entityId: string): Promise<EpochMs | undefined> {
  return testClockTime(await testClockQuery(db, entityId).executeTakeFirst());
}

/** Moves an entity's test clock to `time`, only forward; false when it is at or past `time` already. */
export async function moveTestClock(db: Executor, entityId: string, time: EpochMs, now: EpochMs): Promise<boolean> {
  const result = await db
    .insertInto('test_clocks')
    .values({ entity_id: entityId, time, updated_at: now })
    .onConflict((oc) => oc.column('entity_id').doUpdateSet({ time, updated_at: now }).where('test_clocks.time', '<', time))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
