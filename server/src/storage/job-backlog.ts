// What the metrics report of the jobs table at scrape time (docs/metrics.md): the jobs due now by
// kind, the oldest due one, and the webhook deliveries waiting. Each query walks one partial index
// (jobs_due: state = 'queued', by run_at; jobs_leased: state = 'running') and stops after `limit`
// rows, so a scrape costs the same whatever the backlog: past the limit a count reads as the limit.
// (Checked with EXPLAIN QUERY PLAN on SQLite: each is a SEARCH or SCAN of its partial index.)

import { sql, type Kysely } from 'kysely';
import type { EpochMs } from '../domain/records.js';
import type { Database } from './schema.js';

export interface JobBacklog {
  /** Jobs due now (queued, run_at <= now) by kind, each count at most `limit` in all. */
  dueByKind: Record<string, number>;
  /** run_at of the oldest due job, or null when none is due. */
  oldestDueAt: EpochMs | null;
  /** Webhook deliveries waiting: queued (due or waiting for a retry) or being sent, at most `limit`. */
  webhookWaiting: number;
  /** When the oldest waiting webhook delivery's job was queued, or null. */
  webhookOldestAt: EpochMs | null;
}

export async function jobBacklog(db: Kysely<Database>, now: EpochMs, limit: number, webhookKind: string): Promise<JobBacklog> {
  const due = await sql<{ kind: string; n: number | string }>`
    select kind, count(*) as n from (select kind from jobs where state = 'queued' and run_at <= ${now} limit ${limit}) due group by kind`.execute(db);
  // min() over the partial index on run_at: the first entry, however many are due.
  const oldest = await sql<{ at: number | string | null }>`select min(run_at) as at from jobs where state = 'queued' and run_at <= ${now}`.execute(db);
  // Queued and running apart, each on its own partial index: one condition over both states
  // would make SQLite scan the whole table, finished jobs included.
  const waiting = (state: 'queued' | 'running') =>
    sql<{ n: number | string; at: number | string | null }>`
      select count(*) as n, min(created_at) as at from (
        select created_at from jobs where state = ${state} and kind = ${webhookKind} limit ${limit}
      ) waiting`.execute(db);
  const [queued, running] = [(await waiting('queued')).rows[0], (await waiting('running')).rows[0]];
  const dueByKind: Record<string, number> = {};
  for (const row of due.rows) dueByKind[row.kind] = Number(row.n);
  const webhookTimes = [queued?.at, running?.at].filter((t) => t !== null && t !== undefined).map(Number);
  return {
    dueByKind,
    oldestDueAt: timeOf(oldest.rows[0]?.at),
    webhookWaiting: Math.min(limit, Number(queued?.n ?? 0) + Number(running?.n ?? 0)),
    webhookOldestAt: webhookTimes.length === 0 ? null : Math.min(...webhookTimes),
  };
}

const timeOf = (at: number | string | null | undefined): EpochMs | null => (at === null || at === undefined ? null : Number(at));
