// The jobs table: enqueue (idempotent by unique key), claim with a lease, finish, retry, fail,
// release. Every statement that writes a job row is built here, in one place: enqueueQueries (the
// jobs repository's enqueue, and the composite writes' batches through it) and
// deliveryJobsStatement (an event's delivery jobs, in webhooks.ts's fan-out).
//
// A claim is one UPDATE … RETURNING over the due rows: on PostgreSQL its subquery locks
// them FOR UPDATE SKIP LOCKED, so runners of several relays claim disjoint batches without waiting
// for each other; SQLite refuses that clause, and needs none: its one writer at a time (BEGIN
// IMMEDIATE, busy_timeout across processes) makes the statement atomic.
//
// Every change after the claim is fenced by the lease: it applies only while the row is still
// running under this owner, so a runner whose lease expired (and whose job another runner took)
// changes nothing.

import { sql, type CompiledQuery, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { JobRecord, JobState } from '../domain/job.js';
import { PreparedQuery } from './prepared-query.js';
import { jobFromRow, jobToRow } from './rows.js';
import type { EpochMs } from '../domain/records.js';
import type { Database, JobsTable } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters at 13 columns a row. */
const ROWS_PER_INSERT = 1_000;

/** Inserts of many jobs, a thousand rows a statement; taken unique keys are skipped, silently. */
export function enqueueQueries(db: Executor, jobs: readonly JobRecord[]): CompiledQuery[] {
  const queries: CompiledQuery[] = [];
  for (let i = 0; i < jobs.length; i += ROWS_PER_INSERT) {
    const rows = jobs.slice(i, i + ROWS_PER_INSERT).map(jobToRow);
    queries.push(db.insertInto('jobs').values(rows).onConflict((oc) => oc.column('unique_key').doNothing()).compile());
  }
  return queries;
}

/**
 * The jobs of one webhook event's deliveries, a job per delivery row the fan-out wrote, grouped by
 * endpoint: one INSERT … SELECT in the event's batch (webhooks.ts), compiled once. With
 * enqueueQueries, the only statements that write job rows.
 */
export function deliveryJobsStatement(db: Kysely<Database>, kind: string, maxAttempts: number): PreparedQuery<'eventId' | 'at' | 'requestId'> {
  return new PreparedQuery(db, ['eventId', 'at', 'requestId'], (d, v) => ({
    compile: () =>
      sql`insert into jobs (id, kind, payload, state, run_at, attempts, max_attempts, lease_owner, lease_until, unique_key, last_error, created_at, updated_at, group_key, request_id)
          select d.id, ${kind}, '{"deliveryId":"' || d.id || '"}', 'queued', cast(${v.at} as bigint), 0, cast(${maxAttempts} as integer), null, null, null, null, cast(${v.at} as bigint), cast(${v.at} as bigint), d.endpoint_id, cast(${v.requestId} as text)
            from webhook_deliveries d
           where d.event_id = ${v.eventId}`.compile(d),
  }));
}

/** The longest last error a job keeps, characters. */
const ERROR_TEXT_MAX = 2_000;

/**
 * How a claim treats job groups (the deliveries to one endpoint): groups it must leave queued, and
 * at most how many jobs of any one group it takes.
 */
export interface ClaimGroups {
  /** Groups the runner holds as many jobs of as it may: none of theirs are claimed. */
  skip: readonly string[];
  /** Jobs of one group one claim takes at most; jobs without a group are not limited. */
  perGroup?: number;
}

/** How many due rows a per-group claim looks at for each job it may take. */
const GROUP_SCAN_FACTOR = 4;

export async function claimJobs(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', owner: string, now: EpochMs, leaseUntil: EpochMs, limit: number, groups: ClaimGroups = { skip: [] }): Promise<JobRecord[]> {
  // Two claims, each on its own partial index and stopping at `limit`. Due jobs are taken in no
  // set order: an ORDER BY (or one OR over both conditions) makes PostgreSQL fetch and sort every
  // due job on every claim whenever its statistics lag a burst, and a backlog is cleared within a
  // few rounds anyway. The runner runs a batch oldest first.
  // Groups the runner has no room for stay queued: claiming them would only put them back.
  const skip = groups.skip.length === 0 ? sql`` : sql` and (group_key is null or group_key not in (${sql.join(groups.skip.map((g) => sql`${g}`))}))`;
  const claim = (where: RawBuilder<unknown>, want: number) =>
    groups.perGroup === undefined ? claimWhere(db, dialect, where, owner, now, leaseUntil, want) : claimCapped(db, dialect, where, owner, now, leaseUntil, want, groups.perGroup);
  const due = await claim(sql`state = 'queued' and run_at <= ${now}${skip}`, limit);
  if (due.length >= limit) return due;
  const expired = await claim(sql`state = 'running' and lease_until < ${now}`, limit - due.length);
  for (const job of expired) job.takenOver = true;
  return [...due, ...expired];
}

function leaseSet(owner: string, now: EpochMs, leaseUntil: EpochMs): RawBuilder<unknown> {
  return sql`state = 'running', lease_owner = ${owner}, lease_until = ${leaseUntil}, attempts = attempts + 1, updated_at = ${now}`;
}

function claimed(rows: readonly Selectable<JobsTable>[]): JobRecord[] {
  return rows.map(jobFromRow).sort((a, b) => a.runAt - b.runAt || (a.id < b.id ? -1 : 1));
}

async function claimWhere(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', where: RawBuilder<unknown>, owner: string, now: EpochMs, leaseUntil: EpochMs, limit: number): Promise<JobRecord[]> {
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<Selectable<JobsTable>>`
    update jobs set ${leaseSet(owner, now, leaseUntil)}
     where id in (select id from jobs where ${where} limit ${limit} ${lock})
    returning *`.execute(db);
  return claimed(rows);
}

/**
 * A claim that takes at most `perGroup` jobs of any one group, from a bounded window of due rows:
 * a backlog of one endpoint fills the batch only up to what the runner can send to it, so nothing
 * is claimed only to be put back, and jobs of other groups behind it are still seen.
 */
async function claimCapped(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', where: RawBuilder<unknown>, owner: string, now: EpochMs, leaseUntil: EpochMs, limit: number, perGroup: number): Promise<JobRecord[]> {
  const window = limit * GROUP_SCAN_FACTOR;
  if (dialect === 'postgres') {
    // One statement: the window's rows are locked SKIP LOCKED, numbered within each group, and the
    // first of each are claimed.
    const { rows } = await sql<Selectable<JobsTable>>`
      update jobs set ${leaseSet(owner, now, leaseUntil)}
       where id in (
         select id from (
           select id, group_key, row_number() over (partition by group_key order by run_at, id) as place
             from (select id, group_key, run_at from jobs where ${where} limit ${window} for update skip locked) due
         ) numbered
         where group_key is null or place <= ${perGroup}
         limit ${limit})
      returning *`.execute(db);
    return claimed(rows);
  }
  // SQLite evaluates a window function over the whole of a LIMITed subquery's table, not its
  // window, so the rows are chosen here: the window is read from the covering index jobs_due, and
  // the update claims those still as read (another process may have taken some in between).
  const { rows: due } = await sql<{ id: string; group_key: string | null }>`select id, group_key from jobs where ${where} limit ${window}`.execute(db);
  const taken = new Map<string, number>();
  const ids: string[] = [];
  for (const row of due) {
    if (ids.length >= limit) break;
    if (row.group_key !== null) {
      const n = taken.get(row.group_key) ?? 0;
      if (n >= perGroup) continue;
      taken.set(row.group_key, n + 1);
    }
    ids.push(row.id);
  }
  if (ids.length === 0) return [];
  const { rows } = await sql<Selectable<JobsTable>>`
    update jobs set ${leaseSet(owner, now, leaseUntil)}
     where id in (${sql.join(ids.map((id) => sql`${id}`))}) and ${where}
    returning *`.execute(db);
  return claimed(rows);
}

/** Marks the jobs done; only those still leased to `owner`. Returns how many were. */
export async function completeJobs(db: Kysely<Database>, owner: string, ids: readonly string[], now: EpochMs): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('jobs')
    .set({ state: 'done', lease_until: null, last_error: null, updated_at: now })
    .where('id', 'in', [...ids])
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Puts a job back in the queue for `runAt` (a retry), or keeps it as failed; fenced by the lease. */
/** What a failed try leaves: queued again (at runAt; `uncounted`: the try does not count), or failed. */
export interface RetryOrFailure {
  state: Extract<JobState, 'queued' | 'failed'>;
  runAt?: EpochMs;
  uncounted?: boolean;
}

export async function finishJobWithError(db: Kysely<Database>, owner: string, id: string, error: string, next: RetryOrFailure, now: EpochMs): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({
      state: next.state,
      ...(next.runAt !== undefined ? { run_at: next.runAt } : {}),
      ...(next.uncounted ? { attempts: eb('attempts', '-', 1) } : {}),
      lease_until: null,
      last_error: error.slice(0, ERROR_TEXT_MAX),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Hands back every job leased to `owner`, queued again and due at once. After a clean shutdown the
 * try that did not run is not counted; after a crash (a restart of the same relay) it is, so a job
 * that kills its relay runs out of tries instead of crashing it forever.
 */
export async function releaseJobs(db: Kysely<Database>, owner: string, now: EpochMs, tryRan: boolean): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ state: 'queued', lease_owner: null, lease_until: null, run_at: now, attempts: tryRan ? eb.ref('attempts') : eb('attempts', '-', 1), updated_at: now }))
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findJob(db: Kysely<Database>, id: string): Promise<JobRecord | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && jobFromRow(row);
}

export async function findJobByKey(db: Kysely<Database>, uniqueKey: string): Promise<JobRecord | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('unique_key', '=', uniqueKey).executeTakeFirst();
  return row && jobFromRow(row);
}

export async function countJobs(db: Kysely<Database>, kind?: string): Promise<Record<JobState, number>> {
  let q = db.selectFrom('jobs').select(['state', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('state');
  if (kind !== undefined) q = q.where('kind', '=', kind);
  const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const row of await q.execute()) counts[row.state] = Number(row.n);
  return counts;
}

/** Forgets finished jobs (done or failed) last changed before `olderThan`. */
export async function purgeFinishedJobs(db: Kysely<Database>, olderThan: EpochMs): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('state', 'in', ['done', 'failed'])
    .where('updated_at', '<', olderThan)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
