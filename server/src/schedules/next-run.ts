// When a compiled job runs next, through the cron library (croner): Quartz's day-of-week
// numbering (1 = Sunday), seconds and years, steps written `5/15`, in the schedule's time zone
// (UTC unless the entity sets one). The expression was checked by quartz-validate.ts first.

import { Cron } from 'croner';
import type { CompiledJob } from './job.js';

export const DEFAULT_TIME_ZONE = 'UTC';

/** Compiled patterns, by zone and expression: every firing asks again. Bounded, oldest out. */
const patterns = new Map<string, Cron>();
const MAX_PATTERNS = 2_000;

function cronOf(expression: string, timeZone: string): Cron {
  const key = `${timeZone}\n${expression}`;
  let cron = patterns.get(key);
  if (!cron) {
    cron = new Cron(expression, { timezone: timeZone, alternativeWeekdays: true, mode: '7-part', sloppyRanges: true, paused: true });
    if (patterns.size >= MAX_PATTERNS) patterns.delete(patterns.keys().next().value ?? '');
    patterns.set(key, cron);
  }
  return cron;
}

/** Throws when the library cannot read the expression (a form Quartz knows that it does not). */
export function assertReadable(expression: string, timeZone: string = DEFAULT_TIME_ZONE): void {
  cronOf(expression, timeZone);
}

/**
 * The first run at or after `from` (and at or after the job's start), or null when there is none
 * up to the job's end: the schedule is over.
 */
export function nextRunAtOrAfter(job: CompiledJob, from: number, timeZone: string = DEFAULT_TIME_ZONE): number | null {
  const after = Math.max(from, job.startAt ?? from);
  // The library answers strictly after the instant it is given, at whole seconds.
  const next = cronOf(job.expression, timeZone).nextRun(new Date(Math.ceil(after / 1000) * 1000 - 1));
  if (!next) return null;
  const at = next.getTime();
  return job.endAt !== null && at > job.endAt ? null : at;
}

/** The next `count` runs at or after `from` (fewer when the job ends first). */
export function nextRuns(job: CompiledJob, from: number, count: number, timeZone: string = DEFAULT_TIME_ZONE): number[] {
  const runs: number[] = [];
  let at = from;
  while (runs.length < count) {
    const next = nextRunAtOrAfter(job, at, timeZone);
    if (next === null) break;
    runs.push(next);
    at = next + 1000;
  }
  return runs;
}

/** The last run at or before `at` (and at or after the job's start), or null when there is none. */
export function lastRunAtOrBefore(job: CompiledJob, at: number, timeZone: string = DEFAULT_TIME_ZONE): number | null {
  const until = job.endAt === null ? at : Math.min(at, job.endAt);
  // previousRuns answers strictly before the instant it is given.
  const [last] = cronOf(job.expression, timeZone).previousRuns(1, new Date(Math.floor(until / 1000) * 1000 + 1));
  if (!last) return null;
  const ms = last.getTime();
  return job.startAt !== null && ms < job.startAt ? null : ms;
}
