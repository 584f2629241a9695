// The back office's home page: a month of a merchant's payments added up, and what needs someone's
// attention. Every query reads the channels the caller names (the ones the person may see) through
// an index, values bound as parameters:
// - activity: the payments of a time range counted and summed by UTC day, payment type, status,
//   currency and result code, from the time index alone (payments_entity_time, which carries every
//   column it reads since migration 022): a covering scan of the range, never the table; on SQLite
//   one statement a day (dayRanges), read together.
// - open chargebacks: the partial index of payments with an open chargeback (019), a count and
//   the newest few.
// - pending slips: the partial index of pending payments (008), slips only.
// - failing endpoints: a merchant's few endpoints, each with its newest attempted delivery
//   (webhook_deliveries_endpoint, newest first).
// - schedules whose last charge failed: active schedules with their newest charged occurrence
//   (the occurrences' unique (schedule_id, scheduled_at) index, newest first).

import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { EpochMs } from '../../domain/records.js';
import type { Scope } from './scope.js';

/** A UTC day in milliseconds; payments are counted on the day they were created, as the reports count them. */
const DAY_MS = 86_400_000;

/** Counts and sums of one group of a range's payments. */
export interface ActivityGroup {
  /** The UTC day, as days since the epoch. */
  day: number;
  paymentType: string;
  status: string;
  currency: string;
  resultCode: string;
  count: number;
  /** Minor units, exact (a month's sum can pass what a number holds exactly only in theory). */
  amount: bigint;
}

export interface OpenChargeback {
  paymentId: string;
  entityId: string;
  paymentType: string;
  currency: string;
  /** Minor units still charged back (the payment's open chargebacks, less reversals). */
  chargebackAmount: number;
  createdAt: EpochMs;
}

export interface PendingSlip {
  paymentId: string;
  entityId: string;
  amount: number;
  currency: string;
  pendingJson: string | null;
  createdAt: EpochMs;
}

export interface EndpointHealth {
  endpointId: string;
  entityId: string;
  url: string;
  state: string;
  disabledReason: string | null;
  /** The newest delivery that was tried at least once, if any. */
  lastTried: { state: string; attempts: number; lastStatus: number | null; lastError: string | null; at: EpochMs } | undefined;
}

export interface FailedSchedule {
  scheduleId: string;
  entityId: string;
  amount: number;
  currency: string;
  scheduledAt: EpochMs;
  occurrenceStatus: string;
  resultCode: string | null;
}

/** A count and its first `limit` items. */
export interface Listed<T> {
  total: number;
  items: T[];
}

export interface HomeRepository {
  /** The payments of `entityIds` created from `from` to `to` (inclusive), counted and summed by group. */
  activity(entityIds: readonly string[], from: EpochMs, to: EpochMs): Promise<ActivityGroup[]>;
  /** Payments with an open chargeback, newest first. */
  openChargebacks(entityIds: readonly string[], limit: number): Promise<Listed<OpenChargeback>>;
  /** Every voucher slip still waiting to be paid (their expiry is in their pending state). */
  pendingSlips(entityIds: readonly string[]): Promise<PendingSlip[]>;
  /** The channels' own endpoints (not a payment's notificationUrl), active or disabled, with their newest attempted delivery. */
  endpointHealth(entityIds: readonly string[]): Promise<EndpointHealth[]>;
  /** Active schedules whose newest charge was declined or failed, newest first. */
  failedSchedules(entityIds: readonly string[], limit: number): Promise<Listed<FailedSchedule>>;
}

/** Occurrences that charged (or tried to): due, skipped and cancelled ones never did. */
const CHARGED = ['succeeded', 'declined', 'pending', 'failed'] as const;
const FAILED = ['declined', 'failed'] as const;

interface ActivityRow {
  day: number | string;
  payment_type: string;
  status: string;
  currency: string;
  result_code: string;
  n: number | string;
  total: number | string | bigint;
}

/**
 * The UTC days of a range, each as its own [from, to] within it. SQLite has no hash aggregation: a
 * GROUP BY sorts every row it adds up, and sorting a month's payments at once costs half as much
 * again as sorting each day's (measured on the million-payment seed: 93 ms of CPU against 67 for
 * a month of 78,000 payments), so SQLite is asked day by day; PostgreSQL hashes the month at once.
 */
function dayRanges(from: EpochMs, to: EpochMs): [EpochMs, EpochMs][] {
  const ranges: [EpochMs, EpochMs][] = [];
  for (let start = from; start <= to; start = (Math.floor(start / DAY_MS) + 1) * DAY_MS) ranges.push([start, Math.min(to, (Math.floor(start / DAY_MS) + 1) * DAY_MS - 1)]);
  return ranges;
}

/** The activity statement (exported for the plan tests): one covering scan of the time index per channel. */
export function activityQuery(db: Kysely<Database>, entityIds: readonly string[], from: EpochMs, to: EpochMs) {
  // The day's length is the one constant in the statement's text; every value is bound.
  const day = sql<number | string>`created_at / ${sql.lit(DAY_MS)}`;
  return db
    .selectFrom('payments')
    .select((eb) => [
      day.as('day'),
      'payment_type',
      'status',
      'currency',
      'result_code',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | bigint>('amount').as('total'),
    ])
    .where('entity_id', 'in', [...entityIds])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .groupBy([day, 'payment_type', 'status', 'currency', 'result_code']);
}

/**
 * The newest open chargebacks and their count (exported for the plan tests). The partial index's
 * own predicate is written as it is, so both planners can take the index; and both statements read
 * a column the time index does not carry (updated_at): otherwise SQLite, which keeps no statistics,
 * takes the time index (it covers the channel and the chargeback amount) and reads every payment of
 * the channels instead of the partial index's few entries.
 */
export function openChargebackQueries(db: Kysely<Database>, entityIds: readonly string[], limit: number) {
  const open = sql<boolean>`chargeback_amount > 0`;
  const list = db
    .selectFrom('payments')
    .select(['id', 'entity_id', 'payment_type', 'currency', 'chargeback_amount', 'created_at', 'updated_at'])
    .where('entity_id', 'in', [...entityIds])
    .where(open)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  const count = db
    .selectFrom('payments')
    .select((eb) => eb.fn.count<number | string>('updated_at').as('n'))
    .where('entity_id', 'in', [...entityIds])
    .where(open);
  return { list, count };
}

export class KyselyHome implements HomeRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async activity(entityIds: readonly string[], from: EpochMs, to: EpochMs): Promise<ActivityGroup[]> {
    if (entityIds.length === 0) return [];
    const month = activityQuery(this.#s.db, entityIds, from, to).compile();
    // The days' statements are the month's with other bounds (its last two parameters): compiled once.
    const statements = this.#s.dialect === 'sqlite' ? dayRanges(from, to).map(([a, b]) => ({ ...month, parameters: [...entityIds, a, b] })) : [month];
    const results = (await this.#s.readTogether(statements)) as ActivityRow[][];
    return results.flat().map((r) => ({
      day: Number(r.day),
      paymentType: r.payment_type,
      status: r.status,
      currency: r.currency,
      resultCode: r.result_code,
      count: Number(r.n),
      amount: BigInt(r.total),
    }));
  }

  async openChargebacks(entityIds: readonly string[], limit: number): Promise<Listed<OpenChargeback>> {
    if (entityIds.length === 0) return { total: 0, items: [] };
    const { list, count } = openChargebackQueries(this.#s.db, entityIds, limit);
    const [rows, counted] = await Promise.all([list.execute(), count.executeTakeFirstOrThrow()]);
    return {
      total: Number(counted.n),
      items: rows.map((r) => ({
        paymentId: r.id,
        entityId: r.entity_id,
        paymentType: r.payment_type,
        currency: r.currency,
        chargebackAmount: Number(r.chargeback_amount),
        createdAt: Number(r.created_at),
      })),
    };
  }

  async pendingSlips(entityIds: readonly string[]): Promise<PendingSlip[]> {
    if (entityIds.length === 0) return [];
    const rows = await this.#s.db
      .selectFrom('payments')
      .select(['id', 'entity_id', 'amount', 'currency', 'pending_json', 'created_at'])
      .where('status', '=', 'pending')
      .where('pending_kind', '=', 'slip')
      .where('entity_id', 'in', [...entityIds])
      .execute();
    return rows.map((r) => ({ paymentId: r.id, entityId: r.entity_id, amount: Number(r.amount), currency: r.currency, pendingJson: r.pending_json, createdAt: Number(r.created_at) }));
  }

  async endpointHealth(entityIds: readonly string[]): Promise<EndpointHealth[]> {
    if (entityIds.length === 0) return [];
    const endpoints = await this.#s.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'entity_id', 'url', 'state', 'disabled_reason'])
      .where('entity_id', 'in', [...entityIds])
      .where('payment_id', 'is', null)
      .where('state', 'in', ['active', 'disabled'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return Promise.all(
      endpoints.map(async (e) => {
        const last = await this.#s.db
          .selectFrom('webhook_deliveries')
          .select(['state', 'attempts', 'last_status', 'last_error', 'updated_at'])
          .where('endpoint_id', '=', e.id)
          .where('attempts', '>', 0)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        return {
          endpointId: e.id,
          entityId: e.entity_id,
          url: e.url,
          state: e.state,
          disabledReason: e.disabled_reason,
          lastTried: last && { state: last.state, attempts: Number(last.attempts), lastStatus: last.last_status === null ? null : Number(last.last_status), lastError: last.last_error, at: Number(last.updated_at) },
        };
      }),
    );
  }

  async failedSchedules(entityIds: readonly string[], limit: number): Promise<Listed<FailedSchedule>> {
    if (entityIds.length === 0) return { total: 0, items: [] };
    const failing = () =>
      this.#s.db
        .selectFrom('schedules as s')
        .innerJoin('schedule_occurrences as o', 'o.schedule_id', 's.id')
        .where('s.entity_id', 'in', [...entityIds])
        .where('s.status', '=', 'active')
        .where('o.status', 'in', [...FAILED])
        // The occurrence is the schedule's newest charge.
        .where('o.scheduled_at', '=', (eb) =>
          eb
            .selectFrom('schedule_occurrences as n')
            .select((n) => n.fn.max('n.scheduled_at').as('last'))
            .whereRef('n.schedule_id', '=', 's.id')
            .where('n.status', 'in', [...CHARGED]),
        );
    const [rows, count] = await Promise.all([
      failing()
        .select(['s.id', 's.entity_id', 's.amount', 's.currency', 'o.scheduled_at', 'o.status as occurrence_status', 'o.result_code'])
        .orderBy('o.scheduled_at', 'desc')
        .orderBy('s.id')
        .limit(limit)
        .execute(),
      failing()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        scheduleId: r.id,
        entityId: r.entity_id,
        amount: Number(r.amount),
        currency: r.currency,
        scheduledAt: Number(r.scheduled_at),
        occurrenceStatus: r.occurrence_status,
        resultCode: r.result_code,
      })),
    };
  }
}
