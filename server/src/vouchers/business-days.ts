// Business days of the slip countries' bank calendars: weekends and the bank holidays of BR, MX
// and CO as the maintained date-holidays library publishes them (its 'public' and 'bank' days:
// Carnival Monday and Tuesday are 'bank' days in BR, Holy Thursday and Friday in MX). Dates are
// calendar days of the country (ISO yyyy-mm-dd); a moment is placed on that calendar with the
// country's UTC offset, fixed since none of BR, MX or CO keeps daylight saving time any more.

import Holidays from 'date-holidays';
import type { CountryCode } from '../domain/country.js';

/** The country's offset from UTC, minutes (Brasília, Mexico City, Bogotá). */
export const UTC_OFFSET_MINUTES: Readonly<Record<CountryCode, number>> = { BR: -180, MX: -360, CO: -300 };

const CLOSED_TYPES = new Set(['public', 'bank']);
const calendars = new Map<string, ReadonlySet<string>>();

/** The bank holidays of one country in one year, as yyyy-mm-dd; computed once per year. */
export function bankHolidays(country: CountryCode, year: number): ReadonlySet<string> {
  const key = `${country}:${year}`;
  let days = calendars.get(key);
  if (!days) {
    const hd = new Holidays(country);
    days = new Set(hd.getHolidays(year).filter((h) => CLOSED_TYPES.has(h.type)).map((h) => h.date.slice(0, 10)));
    calendars.set(key, days);
  }
  return days;
}

/** A calendar day, yyyy-mm-dd. */
export type Day = string;

function dayToUtc(day: Day): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function utcToDay(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: Day, n: number): Day {
  return utcToDay(dayToUtc(day) + n * 86_400_000);
}

export function isBusinessDay(country: CountryCode, day: Day): boolean {
  const weekday = new Date(dayToUtc(day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !bankHolidays(country, Number(day.slice(0, 4))).has(day);
}

/** The n-th business day after `day` (n >= 1); n = 0 is the day itself or the next business day. */
export function addBusinessDays(country: CountryCode, day: Day, n: number): Day {
  let d = day;
  if (n <= 0) {
    while (!isBusinessDay(country, d)) d = addDays(d, 1);
    return d;
  }
  for (let left = n; left > 0; ) {
    d = addDays(d, 1);
    if (isBusinessDay(country, d)) left--;
  }
  return d;
}

/** The country's calendar day at a moment. */
export function localDay(country: CountryCode, at: number): Day {
  return utcToDay(at + UTC_OFFSET_MINUTES[country] * 60_000);
}

/** The moment a calendar day of the country begins (local midnight), plus `minutes` into it. */
export function localMoment(country: CountryCode, day: Day, minutes = 0): number {
  return dayToUtc(day) - UTC_OFFSET_MINUTES[country] * 60_000 + minutes * 60_000;
}
