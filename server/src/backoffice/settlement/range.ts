// The range of business days a settlement view reads: `from` and `to` as yyyy-MM-dd (UTC), both
// inclusive, the last 31 days up to today by default, at most `maxDays` long. Each bad bound is
// named in one 400, never a 500.

import { BackofficeError, type ParameterError } from '../contract.js';
import { queryValue } from '../query.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The range shown when none is asked for, in days. */
export const DEFAULT_DAYS = 31;
/** The longest range the aggregation list reads, in days. */
export const MAX_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day's text as its midnight (UTC), or undefined when it is no calendar day. */
export function dayStart(text: string): number | undefined {
  if (!DAY.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? undefined : ms;
}

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export interface DayRange {
  from: string;
  to: string;
  /** The first millisecond of `from` and the last of `to`. */
  fromMs: number;
  toMs: number;
}

export function dayRange(query: unknown, today: string, maxDays = MAX_DAYS): DayRange {
  const to = queryValue(query, 'to') ?? today;
  const toStart = dayStart(to);
  const errors: ParameterError[] = [];
  if (toStart === undefined) errors.push({ name: 'to', message: 'must be a day as yyyy-MM-dd' });
  const from = queryValue(query, 'from') ?? (toStart === undefined ? '' : dayOf(toStart - (DEFAULT_DAYS - 1) * DAY_MS));
  const fromStart = dayStart(from);
  if (fromStart === undefined) errors.push({ name: 'from', message: 'must be a day as yyyy-MM-dd' });
  else if (toStart !== undefined && (fromStart > toStart || toStart - fromStart >= maxDays * DAY_MS)) errors.push({ name: 'from', message: `must be on or before to, at most ${maxDays} days before it` });
  if (errors.length > 0 || fromStart === undefined || toStart === undefined) {
    throw new BackofficeError('invalidParameters', `invalid ${errors.map((e) => e.name).join(', ')}`, { parameters: errors });
  }
  return { from, to, fromMs: fromStart, toMs: toStart + DAY_MS - 1 };
}
