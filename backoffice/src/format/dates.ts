// Times (epoch ms) in the person's locale and time zone, and the date inputs of the filters
// (yyyy-mm-dd, local days) turned into the API's epoch ms bounds.

import { locale } from './locale.js';

const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatDateTime(at: number): string {
  return dateTime.format(at);
}

/** With seconds, where the order of close events matters (timelines, delivery attempts). */
export function formatPreciseTime(at: number): string {
  return dateTimeSeconds.format(at);
}

/** `2026-12-07` → the first ms of that local day; `endOfDay` → the first ms of the next one, minus 1. */
export function dayBound(day: string, endOfDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (endOfDay ? 1 : 0));
  return String(start.getTime() - (endOfDay ? 1 : 0));
}

/** The local day (yyyy-mm-dd) of an epoch-ms bound, for showing a filter back in its input. */
export function dayOf(bound: string | undefined): string {
  if (!bound || !/^\d+$/.test(bound)) return '';
  const at = new Date(Number(bound));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
