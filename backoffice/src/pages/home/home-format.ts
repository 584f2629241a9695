// The home page's numbers and days in the person's language. Days are UTC days (the API counts
// them so, as its reports do), so they are written in UTC: the day a figure belongs to is the same
// for everyone.

import { locale } from '../../format/locale.js';
import { formatMoney } from '../../format/money.js';
import type { CurrencyTotal } from './types.js';

const count = new Intl.NumberFormat(locale);
const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

export const formatCount = (n: number): string => count.format(n);
export const formatRate = (rate: number | null): string => (rate === null ? '–' : percent.format(rate));

/** yyyy-MM-dd (a UTC day) → its first moment in ms. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const formatShortDay = (day: string | number): string => shortDay.format(typeof day === 'number' ? day : dayStart(day));
export const formatLongDay = (day: string): string => longDay.format(dayStart(day));

/** Totals by currency as one line ("€160.00 · $19.99"), or a dash when there are none. */
export function formatTotals(totals: readonly CurrencyTotal[]): string {
  return totals.length === 0 ? '–' : totals.map((t) => formatMoney(t.amount, t.currency)).join(' · ');
}

export function countOf(totals: readonly CurrencyTotal[]): number {
  return totals.reduce((n, t) => n + t.count, 0);
}
