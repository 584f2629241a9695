// "Valid for the next 24 business hours": hours that fall on a business day of the country of the
// charged currency (Brazil for BRL), in that country's time zone. A business day is a weekday that
// is neither a public nor a bank holiday of date-holidays' calendar; weekends and holidays do not
// count, so a quote made on a Friday afternoon lasts until Monday afternoon.

import Holidays from 'date-holidays';
import type { EpochMs } from '../domain/records.js';

interface Calendar {
  country: string;
  timeZone: string;
}

/** The calendars of the currencies a quote may be charged in (the spec's three countries). */
const CALENDAR_OF: Readonly<Record<string, Calendar>> = {
  BRL: { country: 'BR', timeZone: 'America/Sao_Paulo' },
  MXN: { country: 'MX', timeZone: 'America/Mexico_City' },
  COP: { country: 'CO', timeZone: 'America/Bogota' },
};

/** Holiday types that close banks; 'optional' and 'observance' days are business days. */
const CLOSED = new Set(['public', 'bank']);

export function hasCalendar(currency: string): boolean {
  return Object.hasOwn(CALENDAR_OF, currency);
}

class BusinessCalendar {
  readonly #holidays: Holidays;
  readonly #closedByYear = new Map<number, Set<string>>();
  readonly #format: Intl.DateTimeFormat;

  constructor(calendar: Calendar) {
    this.#holidays = new Holidays(calendar.country, { timezone: calendar.timeZone });
    this.#format = new Intl.DateTimeFormat('en-CA', {
      timeZone: calendar.timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  #closedDays(year: number): Set<string> {
    let days = this.#closedByYear.get(year);
    if (!days) {
      days = new Set(this.#holidays.getHolidays(year).filter((h) => CLOSED.has(h.type)).map((h) => h.date.slice(0, 10)));
      this.#closedByYear.set(year, days);
    }
    return days;
  }

  /** The local day of a moment, and the moment its next local midnight falls on. */
  #localDay(t: EpochMs): { day: string; year: number; weekday: number; nextMidnight: EpochMs } {
    const parts = Object.fromEntries(this.#format.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
    const [y, m, d] = [Number(parts.year), Number(parts.month), Number(parts.day)];
    const localAsUtc = Date.UTC(y, m - 1, d, Number(parts.hour), Number(parts.minute), Number(parts.second)) + (t % 1000);
    const offset = localAsUtc - t;
    return { day: `${parts.year}-${parts.month}-${parts.day}`, year: y, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(), nextMidnight: Date.UTC(y, m - 1, d + 1) - offset };
  }

  isBusinessDay(t: EpochMs): boolean {
    const local = this.#localDay(t);
    return local.weekday !== 0 && local.weekday !== 6 && !this.#closedDays(local.year).has(local.day);
  }

  /** The moment `hours` business hours after `from`. */
  addBusinessHours(from: EpochMs, hours: number): EpochMs {
    let remaining = hours * 60 * 60 * 1000;
    let t = from;
    // A year of closed days is far more than any calendar has in a row.
    for (let i = 0; i < 400; i++) {
      const local = this.#localDay(t);
      if (this.isBusinessDay(t)) {
        const take = Math.min(remaining, local.nextMidnight - t);
        remaining -= take;
        t += take;
        if (remaining === 0) return t;
      } else {
        t = local.nextMidnight;
      }
    }
    throw new RangeError('no business day within a year');
  }
}

const calendars = new Map<string, BusinessCalendar>();

/** The business calendar of the country of a charged currency (hasCalendar() first). */
export function calendarOf(currency: string): BusinessCalendar {
  const calendar = CALENDAR_OF[currency];
  if (!calendar) throw new RangeError(`no business calendar for ${currency}`);
  let c = calendars.get(currency);
  if (!c) {
    c = new BusinessCalendar(calendar);
    calendars.set(currency, c);
  }
  return c;
}
