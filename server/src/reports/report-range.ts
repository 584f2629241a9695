// The time range of a date-range report: date.from and date.to as whole days (yyyy-MM-dd, the
// spec's form) or moments (yyyy-MM-dd HH:mm:ss), UTC, both inclusive; no longer than the
// configured maximum; and never closer to now than the visibility delay, so that the pages of a
// range hold still while payments are being added (storage/reports.ts).

import { ApiError } from '../domain/errors.js';
import { parseDateTime } from '../domain/clock.js';
import type { EpochMs } from '../domain/records.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first millisecond of a bound (`end`: its last one). */
function boundOf(text: string, end: boolean): EpochMs {
  if (text.length === 10) return parseDateTime(`${text} 00:00:00`) + (end ? DAY_MS - 1 : 0);
  return parseDateTime(text) + (end ? 999 : 0);
}

export interface ReportRange {
  from: EpochMs;
  to: EpochMs;
}

function rangeError(name: string, value: string, message: string): ApiError {
  return new ApiError('invalidParameters', [{ name, value, message }]);
}

/** The range asked for, checked; the caller clamps `to` to what is visible. */
export function reportRange(fromText: string, toText: string, maxDays: number): ReportRange {
  const from = boundOf(fromText, false);
  const to = boundOf(toText, true);
  if (to < from) throw rangeError('date.to', toText, 'must not be before date.from');
  if (to - from >= maxDays * DAY_MS) throw rangeError('date.to', toText, `the range may cover at most ${maxDays} days`);
  return { from, to };
}

/** The yyyy-MM-dd of a UTC day. */
export function dayOf(ms: EpochMs): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first millisecond of a yyyy-MM-dd UTC day. */
export function startOfDay(day: string): EpochMs {
  return boundOf(day, false);
}

export { DAY_MS };
