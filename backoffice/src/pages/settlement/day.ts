// Settlement days are UTC business days (yyyy-MM-dd): shown as dates in the person's language, in
// UTC, so a day never shifts by a time zone; and today's and a month ago's, for the range picker.

import { locale } from '../../format/locale.js';

const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : dayFormat.format(ms);
}

/** A percentage of the fee table ("2.50") in the person's language. */
export function formatPercent(percent: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(`${percent}e-2` as Intl.StringNumericLiteral);
}
